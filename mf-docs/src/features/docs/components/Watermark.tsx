import { useEffect, useState } from 'react';

const TIME = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** An SVG tile repeating `text`, diagonal and faint: a photo of the screen still names who looked, and when. */
function tile(text: string): string {
  const escaped = text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="180"><text x="10" y="110" transform="rotate(-22 170 90)" font-family="sans-serif" font-size="13" fill="rgba(0,0,0,0.09)">${escaped}</text></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** Covers its positioned parent; never catches a click. */
export function Watermark({ email }: { email: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const text = `${email} · ${TIME.format(now)}`;
  return (
    <div
      data-testid="docs-watermark"
      data-text={text}
      aria-hidden
      style={{ position: 'absolute', inset: 0, pointerEvents: 'none', backgroundImage: tile(text), zIndex: 1 }}
    />
  );
}
