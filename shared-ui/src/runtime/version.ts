/**
 * The version of shared-ui's page-wide state (the session store, the connection state, the event bus, the HTTP client, the query cache, the theme
 * store, the remote loader, the upload guard): the shell provides one instance of each, and a remote built with
 * another major version is refused at load. Bump the minor version when one of those files gains an export, the
 * major version when one changes or loses one (runtime-api.test.ts lists them). rspack-config reads this line.
 */
export const RUNTIME_VERSION = '2.1.0';
