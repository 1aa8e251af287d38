import type { Meta, StoryObj } from 'storybook-react-rsbuild';
import { SafeHtml } from './SafeHtml';

const meta = {
  title: 'Affichage/SafeHtml',
  component: SafeHtml,
  args: {
    html: '<p><strong>ALERTE A TRAITER</strong><br>Dossier <a href="/folder/show/12">AB-123-CD</a> — relance assureur <em>AXA</em>.</p>',
  },
} satisfies Meta<typeof SafeHtml>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const HostilePayload: Story = {
  name: 'Contenu hostile neutralisé',
  args: {
    html: '<p>Notification MAAF</p><img alt="" onerror="document.body.dataset.xss=1"><a href="javascript:alert(1)">lien piégé</a><iframe srcdoc="<script>alert(1)</script>"></iframe><script>alert(1)</script>',
  },
};

export const Empty: Story = { name: 'Vide', args: { html: '', emptyText: 'No content' } };
