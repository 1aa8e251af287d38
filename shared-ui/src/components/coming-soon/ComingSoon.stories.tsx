import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { ComingSoon } from './ComingSoon';

const meta = { title: 'Feedback/ComingSoon', component: ComingSoon } satisfies Meta<typeof ComingSoon>;
export default meta;

export const Playground: StoryObj<typeof meta> = { args: { title: 'Bons de commande' } };
