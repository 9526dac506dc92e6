"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
// A transit operator's fare API on Express, written in TypeScript and compiled by tsc into dist/ without source maps
// (the team's production build). GET /fares?from=&to=&passenger=&peak= quotes a journey.
const express_1 = __importDefault(require("express"));
const fares_1 = require("./fares");
const app = (0, express_1.default)();
app.get('/fares', (req, res) => {
    const { from, to, passenger, peak } = req.query;
    res.json((0, fares_1.quoteJourney)(Number(from), Number(to), passenger ?? 'adult', peak === '1'));
});
const server = app.listen(Number(process.env.PORT || 0), '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`express-ts-tsc-dist-fare-matrix listening on http://127.0.0.1:${port}`);
});
function shutdown() {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
