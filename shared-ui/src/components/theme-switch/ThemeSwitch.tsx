import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { useTheme } from '../../theme/theme-store';

/** Light/dark toggle; the choice is kept per user by the theme store. */
export function ThemeSwitch() {
  const mode = useTheme((state) => state.mode);
  const setMode = useTheme((state) => state.setMode);
  return (
    <Switch
      aria-label="Mode sombre"
      checked={mode === 'dark'}
      onChange={(dark) => setMode(dark ? 'dark' : 'light')}
      checkedChildren={<MoonOutlined aria-hidden />}
      unCheckedChildren={<SunOutlined aria-hidden />}
    />
  );
}
