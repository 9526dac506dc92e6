// Text files bundled by Vite as strings (`import text from './file.md?raw'`).
declare module '*.md?raw' {
  const text: string;
  export default text;
}
