// The project has no @types/express; the app uses Express through this loose declaration.
declare module 'express';
