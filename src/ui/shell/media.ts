/** A media query as a value a component re-renders on: the screen's shape decides what some screens show. */
import { useEffect, useState } from 'preact/hooks';

/**
 * Screens this wide and tall (a tablet either way, a desktop window) are laid out as dashboards; a phone
 * held sideways is wide but short, and keeps Home's one column (styles.css's dashboard query is the same).
 */
export const WIDE_SCREEN = '(min-width: 700px) and (min-height: 600px)';

/** Whether the media query matches now; follows it as the window turns or is resized. */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
