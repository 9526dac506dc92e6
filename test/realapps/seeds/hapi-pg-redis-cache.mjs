// Realistic data for hapi-pg-redis-cache (a music catalogue with users' playlists), written into the schema its own
// migrations made. Deterministic; ids follow the app's own shapes (`album-…`, `song-…`, `user-…`, `playlist-…`).
//   1,000 users (user1..user1000, password "password123", bcrypt cost 10 as the app hashes), 2,000 albums,
//   20,000 songs (10 per album), 3,000 playlists (3 per user) of 10 songs each, 2,000 collaborations,
//   15,000 album likes, 30,000 playlist activities.
import pg from 'pg';
import bcrypt from 'bcryptjs';
import { corpusRandom, insertManyPg as insertMany, pairs, paragraph, SEED_START } from './text.mjs';

export const COUNTS = { users: 1000, albums: 2000, songs: 20000, playlists: 3000, playlistSongs: 30000, collaborations: 2000, albumLikes: 15000, activities: 30000 };
const GENRES = ['Rock', 'Pop', 'Jazz', 'Indie', 'Folk', 'Electronic', 'Hip-Hop', 'Classical', 'Metal', 'Soul'];
const title = (random, words) => paragraph(random, 1).split(' ').slice(0, words).join(' ').replace(/[.,]/g, '');

export async function seed({ postgres }) {
  const client = new pg.Client({ host: postgres.host, port: postgres.port, user: 'postgres', database: 'openmusic' });
  await client.connect();
  try {
    const random = corpusRandom(62);
    const hash = bcrypt.hashSync('password123', 10);
    const userId = (i) => `user-${String(i + 1).padStart(16, '0')}`;
    const albumId = (i) => `album-${String(i + 1).padStart(16, '0')}`;
    const songId = (i) => `song-${String(i + 1).padStart(16, '0')}`;
    const playlistId = (i) => `playlist-${String(i + 1).padStart(16, '0')}`;
    const users = [];
    for (let i = 0; i < COUNTS.users; i++) users.push([userId(i), `user${i + 1}`, hash, `Corpus User ${i + 1}`]);
    await insertMany(client, 'users', ['id', 'username', 'password', 'fullname'], users);
    const albums = [];
    for (let i = 0; i < COUNTS.albums; i++) {
      const at = new Date(SEED_START + i * 3_600_000).toISOString();
      albums.push([albumId(i), `${title(random, 3)} ${i + 1}`, 1960 + Math.floor(random() * 64), at, at]);
    }
    await insertMany(client, 'albums', ['id', 'name', 'year', 'created_at', 'updated_at'], albums);
    const songs = [];
    for (let i = 0; i < COUNTS.songs; i++) {
      const at = new Date(SEED_START + i * 600_000);
      const album = Math.floor(i / (COUNTS.songs / COUNTS.albums));
      songs.push([songId(i), `${title(random, 4)} ${i + 1}`, albums[album][2], GENRES[Math.floor(random() * GENRES.length)], `Performer ${1 + Math.floor(random() * 800)}`, 120 + Math.floor(random() * 300), at, at, albumId(album)]);
    }
    await insertMany(client, 'songs', ['id', 'title', 'year', 'genre', 'performer', 'duration', 'created_at', 'updated_at', 'album_id'], songs);
    const playlists = [];
    for (let i = 0; i < COUNTS.playlists; i++) playlists.push([playlistId(i), `${title(random, 2)} mix ${i + 1}`, userId(i % COUNTS.users)]);
    await insertMany(client, 'playlists', ['id', 'name', 'owner'], playlists);
    const perPlaylist = COUNTS.playlistSongs / COUNTS.playlists;
    const playlistSongs = [];
    const activities = [];
    for (let p = 0; p < COUNTS.playlists; p++) {
      const picked = new Set();
      while (picked.size < perPlaylist) picked.add(Math.floor(random() * COUNTS.songs));
      for (const s of picked) {
        const n = playlistSongs.length;
        playlistSongs.push([`playlist-song-${String(n + 1).padStart(16, '0')}`, playlistId(p), songId(s)]);
        activities.push([`activity-${String(n + 1).padStart(16, '0')}`, playlistId(p), songId(s), userId(p % COUNTS.users), 'add', new Date(SEED_START + n * 60_000)]);
      }
    }
    await insertMany(client, 'playlist_songs', ['id', 'playlist_id', 'song_id'], playlistSongs);
    await insertMany(client, 'playlist_song_activities', ['id', 'playlist_id', 'song_id', 'user_id', 'action', 'time'], activities);
    // A collaborator is never the playlist's owner.
    const collaborations = pairs(random, COUNTS.collaborations, COUNTS.playlists, COUNTS.users).filter(([p, u]) => p % COUNTS.users !== u);
    await insertMany(client, 'collaborations', ['id', 'playlist_id', 'user_id'], collaborations.map(([p, u], n) => [`collab-${String(n + 1).padStart(16, '0')}`, playlistId(p), userId(u)]));
    const likes = pairs(random, COUNTS.albumLikes, COUNTS.users, COUNTS.albums);
    await insertMany(client, 'user_album_likes', ['id', 'user_id', 'album_id'], likes.map(([u, a], n) => [`user-album-like${String(n + 1).padStart(16, '0')}`, userId(u), albumId(a)]));
    await client.query('VACUUM ANALYZE');
    return { ...COUNTS, collaborations: collaborations.length };
  } finally {
    await client.end();
  }
}
