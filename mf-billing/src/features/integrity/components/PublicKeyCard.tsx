import { Card, Descriptions, Skeleton, Typography } from 'antd';
import { ErrorState, errorMessage, useApiQuery } from 'shared-ui';
import { getArchivePublicKey } from '../api/archives';

/**
 * The instance's archive-signing key: its fingerprint to compare with what `pnpm verify-archive` prints for an
 * archive, and the whole PEM on demand (to check an archive with the key of this instance, not the one it carries).
 */
export function PublicKeyCard() {
  const key = useApiQuery('api/integrity/public-key', getArchivePublicKey);
  return (
    <Card title="Clé de signature des archives" size="small" style={{ marginBottom: 16 }}>
      {key.error ? (
        <ErrorState
          title="La clé publique n’a pas pu être lue"
          description={errorMessage(key.error, 'Réessayez dans un instant.')}
          onRetry={() => void key.refetch()}
        />
      ) : !key.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="Algorithme">{key.data.algorithm}</Descriptions.Item>
            <Descriptions.Item label="Empreinte SHA-256 de la clé publique">
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                {key.data.fingerprint}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <details>
            <summary>Clé publique complète (PEM)</summary>
            <Typography.Paragraph copyable={{ text: key.data.publicKey }} style={{ marginTop: 8 }}>
              <pre style={{ margin: 0 }}>{key.data.publicKey}</pre>
            </Typography.Paragraph>
          </details>
        </>
      )}
    </Card>
  );
}
