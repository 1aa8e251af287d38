declare module '*.svg' {
  const url: string;
  export default url;
}

/** Replaced at build time by rspack's DefinePlugin ('production' or 'development'). */
declare const process: { env: { NODE_ENV: string } };
