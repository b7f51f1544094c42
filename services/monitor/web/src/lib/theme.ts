import { useEffect, useState } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'monitor.theme';

/** The user's theme choice, persisted and applied as `data-theme` on <html>. */
export function useTheme(): [ThemeChoice, (t: ThemeChoice) => void] {
  const [theme, setTheme] = useState<ThemeChoice>(() => {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  });
  useEffect(() => {
    if (theme === 'system') {
      localStorage.removeItem(KEY);
      delete document.documentElement.dataset.theme;
    } else {
      localStorage.setItem(KEY, theme);
      document.documentElement.dataset.theme = theme;
    }
  }, [theme]);
  return [theme, setTheme];
}
