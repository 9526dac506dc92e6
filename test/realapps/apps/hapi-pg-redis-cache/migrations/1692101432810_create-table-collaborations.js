/* eslint-disable camelcase */

exports.shorthands = undefined;

exports.up = (pgm) => {
	pgm.createTable('collaborations', {
		id: {
			type: 'VARCHAR(50)',
			primaryKey: true,
		},
		playlist_id: {
			type: 'VARCHAR(50)',
			notNull: true,
		},
		user_id: {
			type: 'VARCHAR(50)',
			notNull: true,
		},
	});

	pgm.addConstraint(
		'collaborations',
		'unique_playlist_id_and_user_id',
		'UNIQUE(playlist_id, user_id)'
	);

	pgm.addConstraint('collaborations', 'fk_collaborations_playlists', {
		foreignKeys: {
			columns: 'playlist_id',
			references: 'playlists(id)',
			onDelete: 'cascade',
		},
	});

	pgm.addConstraint('collaborations', 'fk_collaborations_users', {
		foreignKeys: {
			columns: 'user_id',
			references: 'users(id)',
			onDelete: 'cascade',
		},
	});
};

exports.down = (pgm) => {
	pgm.dropTable('collaborations');
};
