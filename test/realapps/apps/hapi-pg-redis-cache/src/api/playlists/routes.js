/**
 * Generates route configuration objects for playlist-related endpoints.
 *
 * @param {Object} handler - The request handler object with specific methods.
 * @returns {Object[]} An array of route configuration objects.
 */
const routes = (handler) => [
	{
		method: 'POST',
		path: '/playlists',
		handler: handler.postPlaylistHandler,
		options: {
			auth: 'openmusic_jwt',
		},
	},
	{
		method: 'GET',
		path: '/playlists',
		handler: handler.getPlaylistHandler,
		options: {
			auth: 'openmusic_jwt',
		},
	},
	{
		method: 'DELETE',
		path: '/playlists/{id}',
		handler: handler.deletePlaylistHandler,
		options: {
			auth: 'openmusic_jwt',
		},
	},
	{
		method: 'POST',
		path: '/playlists/{id}/songs',
		handler: handler.postPlaylistSongHandler,
		options: {
			auth: 'openmusic_jwt',
		},
	},
	{
		method: 'GET',
		path: '/playlists/{id}/songs',
		handler: handler.getPlaylistSongHandler,
		options: {
			auth: 'openmusic_jwt',
		},
	},
	{
		method: 'DELETE',
		path: '/playlists/{id}/songs',
		handler: handler.deletePlaylistSongHandler,
		options: {
			auth: 'openmusic_jwt',
		},
	},
	{
		method: 'GET',
		path: '/playlists/{id}/activities',
		handler: handler.getPlaylistActivitiesHandler,
		options: {
			auth: 'openmusic_jwt',
		},
	},
];

module.exports = routes;
