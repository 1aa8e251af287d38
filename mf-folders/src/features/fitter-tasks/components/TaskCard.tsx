import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { FitterTask } from 'contracts';
import { useNavigate } from 'react-router-dom';
import { StatusTag } from '../../../lib/status-tag';
import { nextStepView, pendingCountOf, stepProgress } from '../hooks/step-progress';
import type { QueueState } from '../hooks/step-queue';
import { formatTime } from './format';

/** One folder of the day: when, what, where, and the step to do next; the whole card is one big button. */
export function TaskCard({ task, queue }: { task: FitterTask; queue: QueueState }) {
  const navigate = useNavigate();
  const next = nextStepView(stepProgress(task, queue));
  const pending = pendingCountOf(queue, task.folderId);
  const open = () => navigate(`/calendar/task/${task.folderId}`);
  return (
    <Card size="small" data-testid="fitter-task" data-folder-id={task.folderId}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong style={{ fontSize: 20 }}>
          {task.appointmentAt ? formatTime(task.appointmentAt) : '—'}
        </Typography.Text>
        <StatusTag label={task.status.label} color={task.status.color} />
      </Flex>
      <Typography.Title level={2} style={{ fontSize: 18, margin: '8px 0 0' }}>
        {task.plate}
        {task.vehicle ? <Typography.Text type="secondary"> · {task.vehicle}</Typography.Text> : null}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>
        {task.customer}
        {task.city ? ` — ${[task.postalCode, task.city].filter(Boolean).join(' ')}` : ''}
      </Typography.Paragraph>
      <Flex align="center" gap={8} wrap style={{ margin: '8px 0 12px' }}>
        {next ? (
          <Typography.Text>
            Prochaine étape : <strong>{`${next.step}. ${next.label}`}</strong>
          </Typography.Text>
        ) : (
          <Typography.Text type="success">
            <CheckCircleFilled /> Intervention terminée
          </Typography.Text>
        )}
        {pending > 0 ? <Tag color="orange">{pending} en attente d’envoi</Tag> : null}
      </Flex>
      <Button type="primary" size="large" block onClick={open} style={{ minHeight: 48 }}>
        Ouvrir l’intervention <RightOutlined />
      </Button>
    </Card>
  );
}
