// A transit operator's fare API on Express, written in TypeScript and compiled by tsc into dist/ without source maps
// (the team's production build). GET /fares?from=&to=&passenger=&peak= quotes a journey.
import express from 'express';
import type { Server } from 'node:http';
import { quoteJourney } from './fares';

const app = express();
app.get('/fares', (req: { query: Record<string, string> }, res: { json(body: unknown): void }) => {
  const { from, to, passenger, peak } = req.query;
  res.json(quoteJourney(Number(from), Number(to), passenger ?? 'adult', peak === '1'));
});

const server: Server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`express-ts-tsc-dist-fare-matrix listening on http://127.0.0.1:${port}`);
});
function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
