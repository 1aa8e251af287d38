/** SaxonJS ships no types: the one call the official-rules checks make. */
declare module 'saxon-js' {
  const SaxonJS: {
    transform(
      options: { stylesheetFileName: string; sourceText: string; destination: 'serialized' },
      mode: 'sync',
    ): { principalResult: string };
  };
  export default SaxonJS;
}
