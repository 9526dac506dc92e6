'use strict';
// Small /proc files read again and again (schedstat: the main thread's each window, every thread's each second),
// opened once and read from offset 0 each time: Linux regenerates a proc file on every read at its start. Against
// fs.readFileSync per read (open, fstat, a 64 KiB buffer for a file whose size stat gives as 0, a concat, close) this
// is one pread into a buffer kept for it (docs/measured.md, session 20). The files are opened with libuv's O_CLOEXEC:
// the app's children do not inherit them.

const BUFFER_BYTES = 256;

function createProcFiles(fs) {
  const fds = new Map();
  const buf = Buffer.allocUnsafe(BUFFER_BYTES);
  const close = (path) => {
    const fd = fds.get(path);
    if (fd === undefined) return;
    fds.delete(path);
    try {
      fs.closeSync(fd);
    } catch {
      // already gone
    }
  };
  return {
    /** The file's text; throws where it cannot be read (a thread gone: ESRCH), its descriptor then closed. */
    read(path) {
      let fd = fds.get(path);
      if (fd === undefined) {
        fd = fs.openSync(path, 'r');
        fds.set(path, fd);
      }
      try {
        return buf.toString('latin1', 0, fs.readSync(fd, buf, 0, BUFFER_BYTES, 0));
      } catch (err) {
        close(path);
        throw err;
      }
    },
    /** Closes the files whose path `keep` refuses (those of threads no longer listed). */
    closeUnless(keep) {
      for (const path of [...fds.keys()]) if (!keep(path)) close(path);
    },
    closeAll() {
      for (const path of [...fds.keys()]) close(path);
    },
  };
}

module.exports = { createProcFiles };
