import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

// Storybook's rsbuild builder reads this; without pluginReact every story throws "React is not defined".
export default defineConfig({
  plugins: [pluginReact()],
  output: {
    // The SWC minifier turns Quill 2's `class Inline { static allowedChildren = [Inline] }` into
    // `let o = class { static … = [o] }`, which throws "Cannot access 'o' before initialization".
    minify: false,
  },
});
