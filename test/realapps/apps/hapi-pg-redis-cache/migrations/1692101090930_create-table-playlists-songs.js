/* eslint-disable camelcase */

exports.shorthands = undefined;

exports.up = (pgm) => {
	pgm.createTable('playlist_songs', {
		id: {
			type: 'VARCHAR(50)',
			primaryKey: true,
		},
		playlist_id: {
			type: 'VARCHAR(50)',
			notNull: true,
		},
		song_id: {
			type: 'VARCHAR(50)',
			notNull: true,
		},
	});

	pgm.addConstraint(
		'playlist_songs',
		'unique_playlist_id_and_song_id',
		'UNIQUE(playlist_id, song_id)'
	);

	pgm.addConstraint('playlist_songs', 'fk_playlist_songs_playlist', {
		foreignKeys: {
			columns: 'playlist_id',
			references: 'playlists(id)',
			onDelete: 'cascade',
		},
	});

	pgm.addConstraint('playlist_songs', 'fk_playlist_songs_songs', {
		foreignKeys: {
			columns: 'song_id',
			references: 'songs(id)',
			onDelete: 'cascade',
		},
	});
};

exports.down = (pgm) => {
	pgm.dropTable('playlist_songs');
};
