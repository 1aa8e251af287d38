import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Skeleton, Spin, Typography } from 'antd';
import {
  APPOINTMENT_SAVED,
  CALENDAR_LOAD_ERROR,
  CALENDAR_MOVED,
  CALENDAR_TITLE,
  type CalendarAppointment,
  holdsOnly,
} from 'contracts';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { ErrorState, PageHeader, useApiQuery, useCan, useSession } from 'shared-ui';
import {
  addDays,
  dayKey,
  defaultSlotStart,
  mondayOf,
  parseDayKey,
  weekDays,
  weekRange,
  weekTitle,
} from '../../../lib/week';
import { getCalendarWeek } from '../api/calendar';
import { useAppointmentChanges } from '../hooks/use-appointment-changes';
import { AppointmentModal } from './AppointmentModal';
import { WeekGrid } from './WeekGrid';

/** `?semaine=` of the page: the Monday shown (absent: this week), so a reload or a shared link keeps it. */
const WEEK_PARAM = 'semaine';

type Editing = { appointment: CalendarAppointment } | { slot: { start: Date; technicianId: number | null } } | null;

/** The week of `monday`; while another week loads, `data` is still the previous one, and `current` nothing. */
function useWeek(monday: Date) {
  const { from, to } = weekRange(monday);
  const { data, error, isFetching, refetch, isPlaceholderData } = useApiQuery(
    `api/calendar?${new URLSearchParams({ from, to })}`,
    () => getCalendarWeek(from, to),
    { placeholderData: (previous) => previous },
  );
  return { data, current: isPlaceholderData ? undefined : data, error, isFetching, refetch };
}

function CalendarWeek() {
  const [params, setParams] = useSearchParams();
  const monday = mondayOf(parseDayKey(params.get(WEEK_PARAM)) ?? new Date());
  const mondayKey = dayKey(monday);
  const { data, current, error, isFetching, refetch } = useWeek(monday);
  const [editing, setEditing] = useState<Editing>(null);

  const goTo = (date: Date | null) => setParams(date ? { [WEEK_PARAM]: dayKey(date) } : {});
  const technicians = current?.technicians ?? data?.technicians ?? [];
  const multiGarage = new Set(technicians.map((row) => row.companyId)).size > 1;

  const { saving, save, drop, cancel } = useAppointmentChanges();

  const isThisWeek = mondayKey === dayKey(mondayOf(new Date()));
  const mayWalkSteps = useCan('fitterSteps');
  return (
    <>
      <PageHeader
        title={CALENDAR_TITLE}
        extra={
          <Flex gap={8} wrap>
            {mayWalkSteps ? (
              <Link to="/calendar/tasks">
                <Button tabIndex={-1}>Mes interventions du jour</Button>
              </Link>
            ) : null}
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ slot: { start: defaultSlotStart(monday), technicianId: null } })}
            >
              Nouveau rendez-vous
            </Button>
          </Flex>
        }
      />
      <Flex align="center" justify="space-between" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }} aria-live="polite">
          {weekTitle(monday)}
        </Typography.Title>
        <Flex gap={8} wrap>
          <Button icon={<LeftOutlined />} onClick={() => goTo(addDays(monday, -7))}>
            Semaine précédente
          </Button>
          <Button onClick={() => goTo(null)} aria-pressed={isThisWeek}>
            Aujourd’hui
          </Button>
          <Button onClick={() => goTo(addDays(monday, 7))}>
            Semaine suivante <RightOutlined />
          </Button>
        </Flex>
      </Flex>

      {error && !current ? (
        <ErrorState title={CALENDAR_LOAD_ERROR} onRetry={() => void refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <>
          {current && current.technicians.length === 0 ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message="Aucun poseur actif dans ce garage."
              description={
                <>
                  Les rendez-vous sans poseur s’affichent ci-dessous. Ajoutez vos poseurs dans{' '}
                  <Link to="/technician/list">Mes poseurs</Link>.
                </>
              }
            />
          ) : null}
          {current && current.appointments.length === 0 ? (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message="Aucun rendez-vous cette semaine." />
          ) : null}
          <Spin spinning={isFetching || saving} delay={200}>
            <WeekGrid
              days={weekDays(monday)}
              technicians={technicians}
              appointments={current?.appointments ?? []}
              multiGarage={multiGarage}
              busy={saving}
              onDrop={drop}
              onMove={(appointment) => setEditing({ appointment })}
            />
          </Spin>
        </>
      )}

      {editing ? (
        <AppointmentModal
          appointment={'appointment' in editing ? editing.appointment : undefined}
          defaults={'slot' in editing ? editing.slot : { start: monday, technicianId: null }}
          technicians={technicians}
          multiGarage={multiGarage}
          saving={saving}
          onSave={(folderId, body) =>
            save(folderId, body, 'appointment' in editing ? CALENDAR_MOVED : APPOINTMENT_SAVED)
          }
          onCancelAppointment={cancel}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

/**
 * `/calendar/week/technicians`: the fitters' week of the selected garage (all of the user's for TOUT), to plan,
 * move (drag and drop, or "Déplacer") and cancel appointments with the folder page's rules.
 */
/** A fitter and nothing else, on a phone: their day's tasks are what they came for. */
const onPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;

export function CalendarPage() {
  const companyId = useSession((state) => state.claims?.companyId ?? 0);
  const onlyFitter = useSession((state) => holdsOnly(state.claims?.roles ?? [], 'fitterAccount'));
  if (onlyFitter && onPhone()) return <Navigate to="/calendar/tasks" replace />;
  // Another garage selected: another week entirely.
  return <CalendarWeek key={companyId} />;
}
