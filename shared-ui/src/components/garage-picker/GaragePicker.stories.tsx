import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { useSession } from '../../runtime/session-store';
import { GaragePicker } from './GaragePicker';

const meta = {
  title: 'Retours/GaragePicker',
  component: GaragePicker,
  args: { message: 'Sélectionnez un garage en haut à gauche pour acheter des unités' },
  decorators: [
    (Story) => {
      useSession.setState({
        claims: {
          name: 'Sophie Martin',
          email: 'multi@demo.garage.fr',
          roles: ['ROLE_POSEUR_ADMIN'],
          companyId: 0,
          franchiseId: 1,
          companies: [
            { id: 2, name: 'Vitrage Express Lyon', roles: ['ROLE_POSEUR_ADMIN'] },
            { id: 4, name: 'Vitrage Express Marseille', roles: ['ROLE_POSEUR_ADMIN'] },
            { id: 5, name: 'Vitrage Express Bordeaux', roles: ['ROLE_POSEUR_ADMIN'] },
          ],
          jeton: 0,
          isReferent: false,
        },
      });
      return <Story />;
    },
  ],
} satisfies Meta<typeof GaragePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnderTout: Story = { name: 'Sous TOUT, trois garages' };
