import { Alert, Button, Flex, Typography } from 'antd';
import { useSession } from '../../runtime/session-store';
import { selectGarage } from './select-garage';

/** The user's garages to work in, as buttons (the same choice as the switcher at the top left). */
export function GarageChoices() {
  const companies = useSession((state) => state.claims?.companies ?? []);
  if (companies.length === 0) return null;
  return (
    <Flex gap={8} wrap align="center" style={{ marginTop: 4 }}>
      <Typography.Text>Choisissez le garage :</Typography.Text>
      {companies.map((company) => (
        <Button key={company.id} size="small" onClick={() => void selectGarage(company.id)}>
          {company.name}
        </Button>
      ))}
    </Flex>
  );
}

/** Under TOUT, a page that works on one garage: why it needs one, and the user's garages to choose from right here. */
export function GaragePicker({ message }: { message: string }) {
  return <Alert type="warning" showIcon message={message} description={<GarageChoices />} />;
}
