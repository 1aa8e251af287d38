import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { ThemeSwitch } from './ThemeSwitch';

const meta = { title: 'Thème/ThemeSwitch', component: ThemeSwitch } satisfies Meta<typeof ThemeSwitch>;
export default meta;

export const Playground: StoryObj<typeof meta> = {};
