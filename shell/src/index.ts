// Async boundary: lets Module Federation negotiate shared singletons before any of them runs.
// The login page is its own light bundle (chunk "login"): the product's frame and design system load after
// signing in. rspack-config keeps the "login" chunk out of the design-system chunk.
if (window.location.pathname === '/login') import(/* webpackChunkName: "login" */ './login-bootstrap');
else import(/* webpackChunkName: "app" */ './bootstrap');
