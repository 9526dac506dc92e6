// app/errors.ts (re-exported by the contract for SerializedError) names NodeJS.ErrnoException in a function the
// renderer never calls. This declares just that much, so the renderer type-checks without Node's types.
declare namespace NodeJS {
  interface ErrnoException extends Error {
    code?: string;
    path?: string;
  }
}
