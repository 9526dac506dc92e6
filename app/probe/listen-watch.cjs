'use strict';
// The app's listening ports, reported to the engine as they open (and their listen errors).
const { round, safe } = require('./util.cjs');

/**
 * Every TCP server's address on 'listening', and its listen errors (EADDRINUSE), through listeners added for the
 * time of one listen() and removed again. Nothing is set on the server object itself: adding and deleting an own
 * property (say, a wrapped emit) turns it into a slow dictionary-mode object, and the http server reads its own
 * properties on every request (measured: ~9 % more CPU per request on a hello-world server).
 */
function watchListen(net, performance, send, onServerListening) {
  const originalListen = net.Server.prototype.listen;
  const watching = new WeakSet();
  net.Server.prototype.listen = function listen() {
    watchServer(this);
    return originalListen.apply(this, arguments);
  };

  function watchServer(server) {
    if (watching.has(server)) return;
    try {
      watching.add(server);
      const done = () => {
        watching.delete(server);
        server.removeListener('listening', onListening);
        server.removeListener('error', onError);
      };
      const onListening = () => {
        done();
        safe(() => reportListening(server));
        safe(() => onServerListening(server));
      };
      const onError = (err) => {
        done();
        safe(() => reportListenError(err));
        // Our listener must not turn an unhandled error into a handled one: with nobody else listening, emit it
        // again now that we are gone, so Node throws it exactly as it would have ("Unhandled 'error' event").
        if (server.listenerCount('error') === 0) server.emit('error', err);
      };
      server.on('listening', onListening);
      // First in line: an app's own handler may exit the process before we would hear of the error.
      server.prependListener('error', onError);
    } catch {
      // fall through to the real listen
    }
  }

  function reportListening(server) {
    const addr = server.address();
    if (!addr || typeof addr !== 'object' || typeof addr.port !== 'number') return; // pipes are not ports
    send({ type: 'listening', address: addr.address, family: String(addr.family), port: addr.port, startupMs: round(performance.now()) });
  }

  function reportListenError(err) {
    if (!err) return;
    send({ type: 'listen-error', code: String(err.code || ''), port: typeof err.port === 'number' ? err.port : undefined, address: err.address, message: String(err.message) });
  }
}

module.exports = { watchListen };
