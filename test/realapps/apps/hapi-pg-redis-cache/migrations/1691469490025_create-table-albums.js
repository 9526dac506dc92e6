/* eslint-disable camelcase */

exports.shorthands = undefined;

exports.up = (pgm) => {
	pgm.createTable('albums', {
		id: {
			type: 'VARCHAR(50)',
			primaryKey: true,
		},
		name: {
			type: 'TEXT',
			notNull: true,
		},
		year: {
			type: 'INTEGER',
			notNull: true,
		},
		cover_url: {
			type: 'TEXT',
			notNull: false,
		},
		created_at: {
			type: 'TEXT',
			notNull: true,
		},
		updated_at: {
			type: 'TEXT',
			notNull: true,
		},
	});
};

exports.down = (pgm) => {
	pgm.dropTable('albums');
};
