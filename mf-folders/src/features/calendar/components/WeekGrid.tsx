import { Tag, Typography, theme } from 'antd';
import { CALENDAR_NO_TECHNICIAN, type CalendarAppointment, type CalendarTechnician } from 'contracts';
import { type CSSProperties, type DragEvent, Fragment, useMemo, useState } from 'react';
import { dayKey, dayLabel } from '../../../lib/week';
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
  onDrop: (appointment: CalendarAppointment, technicianId: number | null, day: Date) => void;
  onMove: (appointment: CalendarAppointment) => void;
}

const cellKey = (technicianId: number | null, day: string) => `${technicianId ?? 'none'}|${day}`;

/**
 * One row per fitter (and "Sans poseur"), one column per day, Monday first. A card dropped on another cell
 * keeps its time of day and takes that cell's day and fitter. Wider than a phone: it scrolls sideways.
 */
export function WeekGrid({ days, technicians, appointments, multiGarage, busy, onDrop, onMove }: WeekGridProps) {
  const { token } = theme.useToken();
  const [dragged, setDragged] = useState<CalendarAppointment | null>(null);
  const [over, setOver] = useState<string | null>(null);
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
      if (over !== key) setOver(key);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(null);
      const appointment = dragged;
      setDragged(null);
      if (appointment) onDrop(appointment, technician?.id ?? null, day);
    },
  });

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by the keyboard to scroll.
    <section aria-label="Semaine des poseurs" tabIndex={0} style={{ overflowX: 'auto' }}>
      <table
        style={{
          width: '100%',
          minWidth: 1100,
          tableLayout: 'fixed',
          borderCollapse: 'separate',
          borderSpacing: 0,
          border,
          borderRadius: token.borderRadius,
        }}
      >
        <thead>
          <tr>
            <th scope="col" style={{ ...headerCell, ...stickyStart, width: 'clamp(112px, 18vw, 170px)' }}>
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
                    {isToday ? " · aujourd'hui" : ''}
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
                const target = over === cell;
                return (
                  <td
                    key={dayId}
                    data-testid="calendar-cell"
                    data-technician={key}
                    data-day={dayId}
                    {...dropHandlers(technician, day, cell)}
                    style={{
                      verticalAlign: 'top',
                      padding: 4,
                      height: 72,
                      borderTop: border,
                      borderLeft: border,
                      background: target
                        ? token.colorSuccessBgHover
                        : dayId === today
                          ? token.colorSuccessBg
                          : undefined,
                      outline: target ? `2px dashed ${token.colorPrimary}` : undefined,
                      outlineOffset: -2,
                    }}
                  >
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
