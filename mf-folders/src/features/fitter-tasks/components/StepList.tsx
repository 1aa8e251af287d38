import { CheckCircleFilled, ClockCircleOutlined, LockOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import type { StepView } from '../hooks/step-progress';
import { formatTime } from './format';

/**
 * The seven steps top to bottom: done ones with their time, pending ones (done on the phone, not sent yet),
 * the next one open with its action, later ones greyed out (a step is never skipped).
 */
export function StepList({ views, action }: { views: StepView[]; action: (view: StepView) => ReactNode }) {
  const { token } = theme.useToken();
  return (
    <ol aria-label="Étapes de l’intervention" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {views.map((view) => {
        const icon =
          view.status === 'done' ? (
            <CheckCircleFilled style={{ color: token.colorSuccess }} />
          ) : view.status === 'pending' ? (
            <ClockCircleOutlined style={{ color: token.colorWarning }} />
          ) : view.status === 'later' ? (
            <LockOutlined style={{ color: token.colorTextDisabled }} />
          ) : (
            <span style={{ color: token.colorPrimary, fontWeight: 600 }}>{view.step}</span>
          );
        return (
          <li
            key={view.step}
            data-testid="fitter-step"
            data-step={view.step}
            data-status={view.status}
            aria-current={view.status === 'next' ? 'step' : undefined}
            style={{ marginBottom: 8 }}
          >
            <Card
              size="small"
              style={{
                borderColor: view.status === 'next' ? token.colorPrimary : undefined,
                borderWidth: view.status === 'next' ? 2 : undefined,
                // Greyed by its background and secondary text, not by opacity: the text stays readable (4.5:1).
                background: view.status === 'later' ? token.colorFillAlter : undefined,
              }}
            >
              <Flex align="center" gap={12}>
                <span aria-hidden style={{ fontSize: 22, width: 28, textAlign: 'center' }}>
                  {icon}
                </span>
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text
                    strong={view.status === 'next'}
                    type={view.status === 'later' ? 'secondary' : undefined}
                  >
                    {`${view.step}. ${view.label}`}
                  </Typography.Text>
                  {view.doneAt ? (
                    <Typography.Text type="secondary">
                      {`Fait à ${formatTime(view.doneAt)}`}
                      {view.status === 'pending' ? (
                        <Tag color="orange" style={{ marginLeft: 8 }}>
                          En attente d’envoi
                        </Tag>
                      ) : null}
                    </Typography.Text>
                  ) : null}
                </Flex>
              </Flex>
              {view.status === 'next' ? <div style={{ marginTop: 12 }}>{action(view)}</div> : null}
            </Card>
          </li>
        );
      })}
    </ol>
  );
}
