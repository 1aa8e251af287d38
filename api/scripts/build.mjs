// `pnpm --filter api build`: compiles the API into one ES module, dist/server.js, run by plain `node` in production
// (tsx, which compiles at run time, stays for `dev`, tests and benches), each operator command into
// dist/scripts/<name>.js, and the browser tests' server, test-support/server.ts, into dist-test/server.js.
import { COMMANDS, commandFile, compile, compileCommand } from './compile.mjs';

const started = Date.now();
// Two separate folders: a release copies dist/ alone, which cannot hold a test route (test/system/release.test.ts).
await Promise.all([
  compile('src/server.ts', 'dist/server.js'),
  compile('test-support/server.ts', 'dist-test/server.js'),
  ...COMMANDS.map(compileCommand),
]);
console.log(
  `api compilée dans dist/server.js, ${COMMANDS.map(commandFile).join(', ')} et dist-test/server.js (${Date.now() - started} ms)`,
);
