import { type GlobalToken, Tag, Typography, theme } from 'antd';
import { CALENDAR_NO_TECHNICIAN, type CalendarAppointment, type CalendarTechnician } from 'contracts';
import { type CSSProperties, type DragEvent, Fragment, useMemo, useState } from 'react';
import { dayKey, dayLabel, GRID_HOURS, timeAtFraction } from '../../../lib/week';
import { CalendarCard } from './CalendarCard';

/** A row of the grid: a fitter, or the appointments without one. */
interface GridRow {
  key: string;
  technician: CalendarTechnician | null;
}

export interface WeekGridProps {
  days: Date[];
  technicians: CalendarTechnician[];
  appointments: CalendarAppointment[];
  multiGarage: boolean;
  /** A call is under way: nothing can be dragged meanwhile. */
  busy: boolean;
  /** `start`: the quarter hour of the day's grid where the card was dropped. */
  onDrop: (appointment: CalendarAppointment, technicianId: number | null, start: Date) => void;
  onMove: (appointment: CalendarAppointment) => void;
}

const cellKey = (technicianId: number | null, day: string) => `${technicianId ?? 'none'}|${day}`;

const clock = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** A day's cell: today tinted, the drop's target outlined, the hour lines while a card is dragged. */
function dayCellStyle(
  token: GlobalToken,
  { dragging, target, today }: { dragging: boolean; target: Date | undefined; today: boolean },
): CSSProperties {
  const border = `1px solid ${token.colorBorderSecondary}`;
  return {
    position: 'relative',
    verticalAlign: 'top',
    padding: 4,
    height: dragging ? RULER_HEIGHT : 72,
    borderTop: border,
    borderLeft: border,
    backgroundColor: target ? token.colorSuccessBgHover : today ? token.colorSuccessBg : undefined,
    backgroundImage: dragging
      ? `repeating-linear-gradient(to bottom, ${token.colorBorderSecondary} 0 1px, transparent 1px ${RULER_HOUR_PX}px)`
      : undefined,
    outline: target ? `2px dashed ${token.colorPrimary}` : undefined,
    outlineOffset: -2,
  };
}

/** Where the dragged card lands: the time under the pointer, at its height in the cell. */
function DropTime({ start }: { start: Date }) {
  const { token } = theme.useToken();
  const minutes = (start.getHours() - GRID_HOURS.from) * 60 + start.getMinutes();
  const top = (minutes / ((GRID_HOURS.to - GRID_HOURS.from) * 60)) * 100;
  return (
    <span
      data-testid="calendar-drop-time"
      style={{
        position: 'absolute',
        insetInline: 4,
        top: `${top}%`,
        zIndex: 2,
        padding: '0 4px',
        fontSize: 12,
        fontWeight: 600,
        color: token.colorWhite,
        background: token.colorPrimary,
        borderRadius: token.borderRadiusSM,
        pointerEvents: 'none',
      }}
    >
      {`Déposer à ${clock.format(start)}`}
    </span>
  );
}

/** While a card is dragged, each day's cell is the garage's day (8:00 to 19:00), this tall. */
const RULER_HEIGHT = 220;
const RULER_HOUR_PX = RULER_HEIGHT / (GRID_HOURS.to - GRID_HOURS.from);

/**
 * One row per fitter (and "Sans poseur"), one column per day, Monday first. While a card is dragged, each cell shows
 * the day's hours and the quarter hour under the pointer: the drop takes that time, that day and that fitter. The
 * whole week holds at 1280 px; narrower (a phone), it scrolls sideways.
 */
export function WeekGrid({ days, technicians, appointments, multiGarage, busy, onDrop, onMove }: WeekGridProps) {
  const { token } = theme.useToken();
  const [dragged, setDragged] = useState<CalendarAppointment | null>(null);
  const [over, setOver] = useState<{ cell: string; start: Date } | null>(null);
  const today = dayKey(new Date());

  const rows: GridRow[] = [
    ...technicians.map((technician) => ({ key: String(technician.id), technician })),
    { key: 'none', technician: null },
  ];
  const byCell = useMemo(() => {
    const known = new Set(technicians.map((row) => row.id));
    const cells = new Map<string, CalendarAppointment[]>();
    for (const appointment of appointments) {
      const technicianId =
        appointment.technicianId !== null && known.has(appointment.technicianId) ? appointment.technicianId : null;
      const key = cellKey(technicianId, dayKey(new Date(appointment.start)));
      cells.set(key, [...(cells.get(key) ?? []), appointment]);
    }
    return cells;
  }, [appointments, technicians]);

  const border = `1px solid ${token.colorBorderSecondary}`;
  const headerCell: CSSProperties = {
    padding: '8px 6px',
    textAlign: 'left',
    fontWeight: 600,
    borderBottom: border,
    background: token.colorBgLayout,
  };
  // The fitters' names stay in view while a narrow screen scrolls through the days.
  const stickyStart: CSSProperties = { position: 'sticky', insetInlineStart: 0, zIndex: 1 };

  const dropHandlers = (technician: CalendarTechnician | null, day: Date, key: string) => ({
    onDragOver: (event: DragEvent) => {
      // A fitter of another garage (TOUT) cannot take the folder: that cell refuses the drop.
      if (!dragged || (technician && technician.companyId !== dragged.companyId)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      const box = event.currentTarget.getBoundingClientRect();
      const start = timeAtFraction(day, box.height > 0 ? (event.clientY - box.top) / box.height : 0);
      if (over?.cell !== key || over.start.getTime() !== start.getTime()) setOver({ cell: key, start });
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const start = over?.cell === key ? over.start : undefined;
      setOver(null);
      const appointment = dragged;
      setDragged(null);
      if (appointment && start) onDrop(appointment, technician?.id ?? null, start);
    },
  });

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by the keyboard to scroll.
    <section aria-label="Semaine des poseurs" tabIndex={0} style={{ overflowX: 'auto' }}>
      <table
        style={{
          width: '100%',
          minWidth: 860,
          tableLayout: 'fixed',
          borderCollapse: 'separate',
          borderSpacing: 0,
          border,
          borderRadius: token.borderRadius,
        }}
      >
        <thead>
          <tr>
            <th scope="col" style={{ ...headerCell, ...stickyStart, width: 'clamp(112px, 12vw, 150px)' }}>
              Poseur
            </th>
            {days.map((day) => {
              const label = dayLabel(day);
              const isToday = dayKey(day) === today;
              return (
                <th
                  key={dayKey(day)}
                  scope="col"
                  aria-current={isToday ? 'date' : undefined}
                  style={{
                    ...headerCell,
                    borderLeft: border,
                    background: isToday ? token.colorSuccessBg : headerCell.background,
                    borderTop: isToday ? `3px solid ${token.colorPrimary}` : undefined,
                    color: isToday ? token.colorPrimary : undefined,
                  }}
                >
                  {label.weekday}
                  <br />
                  <span style={{ fontWeight: 400 }}>
                    {label.date}
                    {isToday ? ' · aujourd’hui' : ''}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, technician }) => (
            <tr key={key} data-testid="calendar-row" data-technician={key}>
              <th
                scope="row"
                style={{
                  ...stickyStart,
                  padding: 8,
                  textAlign: 'left',
                  verticalAlign: 'top',
                  borderTop: border,
                  background: token.colorBgContainer,
                }}
              >
                <span style={{ display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
                  <span
                    aria-hidden
                    style={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      flex: 'none',
                      background: technician?.color ?? token.colorTextQuaternary,
                    }}
                  />
                  <span>{technician?.name ?? CALENDAR_NO_TECHNICIAN}</span>
                  {technician?.mobile ? (
                    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                      mobile
                    </Tag>
                  ) : null}
                  {technician && !technician.active ? <Tag style={{ marginInlineEnd: 0 }}>inactif</Tag> : null}
                </span>
                {technician && multiGarage ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
                    {technician.companyName}
                  </Typography.Text>
                ) : null}
              </th>
              {days.map((day) => {
                const dayId = dayKey(day);
                const cell = cellKey(technician?.id ?? null, dayId);
                const list = byCell.get(cell) ?? [];
                const target = over?.cell === cell ? over.start : undefined;
                return (
                  <td
                    key={dayId}
                    data-testid="calendar-cell"
                    data-technician={key}
                    data-day={dayId}
                    {...dropHandlers(technician, day, cell)}
                    style={dayCellStyle(token, { dragging: Boolean(dragged), target, today: dayId === today })}
                  >
                    {target ? <DropTime start={target} /> : null}
                    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                      {list.map((appointment) => (
                        <Fragment key={appointment.folderId}>
                          {appointment.travelMinutesBefore !== null ? (
                            <Typography.Text
                              type="secondary"
                              data-testid="calendar-travel"
                              style={{ fontSize: 11, textAlign: 'center' }}
                            >
                              ≈ {appointment.travelMinutesBefore} min de trajet
                            </Typography.Text>
                          ) : null}
                          <CalendarCard
                            appointment={appointment}
                            color={technician?.color ?? token.colorTextQuaternary}
                            dragging={dragged?.folderId === appointment.folderId}
                            disabled={busy}
                            onDragStart={setDragged}
                            onDragEnd={() => {
                              setDragged(null);
                              setOver(null);
                            }}
                            onMove={onMove}
                          />
                        </Fragment>
                      ))}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
