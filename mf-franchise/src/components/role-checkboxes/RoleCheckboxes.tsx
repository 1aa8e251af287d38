import { Checkbox, Typography } from 'antd';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from 'contracts';
import { type CSSProperties, useId } from 'react';

interface RoleCheckboxesProps {
  roles: readonly Role[];
  value?: Role[];
  onChange?: (roles: Role[]) => void;
  /** A role shown but not changeable by this user stays as it is. */
  locked?: (role: Role) => boolean;
  style?: CSSProperties;
}

/**
 * One checkbox per role, usable alone or as a form field (value / onChange). Each box knows its role: antd's
 * Checkbox.Group only counts boxes once they registered after their first paint, so a tick that came sooner
 * (a fast hand, or a test) was dropped.
 */
export function RoleCheckboxes({ roles, value = [], onChange, locked, style }: RoleCheckboxesProps) {
  const id = useId();
  const toggle = (role: Role, checked: boolean) => {
    const next = checked ? [...value, role] : value.filter((held) => held !== role);
    onChange?.(roles.filter((shown) => next.includes(shown)).concat(next.filter((held) => !roles.includes(held))));
  };
  return (
    <div style={style}>
      {roles.map((role) => (
        <div key={role}>
          <Checkbox
            checked={value.includes(role)}
            disabled={locked?.(role)}
            onChange={(event) => toggle(role, event.target.checked)}
            aria-describedby={`${id}-${role}`}
          >
            {ROLE_LABELS[role]}
          </Checkbox>
          {/* What the role does, under its name: chosen knowingly, not by its letters. */}
          <Typography.Text
            id={`${id}-${role}`}
            type="secondary"
            style={{ display: 'block', fontSize: 12, marginInlineStart: 24, marginBottom: 4 }}
          >
            {ROLE_DESCRIPTIONS[role]}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}
