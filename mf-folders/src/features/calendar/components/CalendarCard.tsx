import { Button, Tag, Typography, theme } from 'antd';
import { CALENDAR_CLASH_MESSAGE, CALENDAR_CLASH_TAG, type CalendarAppointment } from 'contracts';
import { Link } from 'react-router-dom';
import { timeRange } from '../../../lib/week';

interface CalendarCardProps {
  appointment: CalendarAppointment;
  color: string;
  dragging: boolean;
  disabled: boolean;
  onDragStart: (appointment: CalendarAppointment) => void;
  onDragEnd: () => void;
  onMove: (appointment: CalendarAppointment) => void;
}

/**
 * One appointment in its day: time, plate (to the folder), customer, the clash warning. Dragged with the
 * browser's own drag and drop; "Déplacer" does the same from the keyboard.
 */
export function CalendarCard({
  appointment,
  color,
  dragging,
  disabled,
  onDragStart,
  onDragEnd,
  onMove,
}: CalendarCardProps) {
  const { token } = theme.useToken();
  const place = [appointment.postalCode, appointment.city].filter(Boolean).join(' ');
  const time = timeRange(appointment.start, appointment.minutes);
  return (
    <article
      aria-label={`Rendez-vous ${time}, ${appointment.plate}, ${appointment.customer}`}
      data-testid="calendar-appointment"
      data-folder-id={appointment.folderId}
      draggable={!disabled}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', String(appointment.folderId));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(appointment);
      }}
      onDragEnd={onDragEnd}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        padding: '4px 6px',
        fontSize: 12,
        lineHeight: 1.35,
        background: token.colorBgContainer,
        border: `1px solid ${appointment.clash ? token.colorError : token.colorBorderSecondary}`,
        borderLeft: `4px solid ${color}`,
        borderRadius: token.borderRadiusSM,
        cursor: disabled ? 'progress' : 'grab',
        opacity: dragging ? 0.5 : 1,
      }}
    >
      <span style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
        <Typography.Text strong style={{ fontSize: 12 }}>
          {time}
        </Typography.Text>
        {appointment.clash ? (
          <Tag
            color="error"
            title={CALENDAR_CLASH_MESSAGE}
            style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}
          >
            {CALENDAR_CLASH_TAG}
          </Tag>
        ) : null}
      </span>
      {/* Not draggable itself: the whole card is what moves. */}
      <Link to={`/folder/show/${appointment.folderId}`} draggable={false} style={{ fontWeight: 600 }}>
        {appointment.plate}
      </Link>
      <span>{appointment.customer}</span>
      {place ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {place}
        </Typography.Text>
      ) : null}
      <Button
        size="small"
        type="link"
        disabled={disabled}
        onClick={() => onMove(appointment)}
        aria-label={`Déplacer le rendez-vous ${appointment.plate}`}
        style={{ alignSelf: 'flex-start', padding: 0, height: 'auto', fontSize: 12 }}
      >
        Déplacer
      </Button>
    </article>
  );
}
