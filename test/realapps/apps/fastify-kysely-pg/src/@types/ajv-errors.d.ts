declare module "ajv-errors" {
  // eslint-disable-next-line @typescript-eslint/ban-types
  declare const ajvErrors: Function;
  export = ajvErrors;
}
