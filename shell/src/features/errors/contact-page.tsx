import { Card, Descriptions, Typography } from 'antd';
import { PageHeader } from 'shared-ui';

/** "Nous contacter": how a garage reaches support (our choice; the spec does not show this page). */
export function ContactPage() {
  return (
    <Card>
      <PageHeader title="Nous contacter" />
      <Typography.Paragraph>
        Notre équipe support répond du lundi au vendredi, de 8 h 30 à 18 h 30.
      </Typography.Paragraph>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Téléphone">
          <a href="tel:+33400000000">04 00 00 00 00</a>
        </Descriptions.Item>
        <Descriptions.Item label="E-mail">
          <a href="mailto:support@garage-office.fr">support@garage-office.fr</a>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
