/**
 * The lessons' ids in the course's order, apart from their positions: Home counts a phone player's progress
 * with these alone, so its first chunk does not carry the lessons (tests hold them to LESSONS' order).
 */
export const LESSON_IDS = [
  'place',
  'five',
  'block',
  'capture',
  'safe-pair',
  'capture-win',
  'break-five',
  'tournament-rule',
  'big-board',
  'keryo',
  'gomoku',
  'g-pente',
  'd-pente',
  'swap2',
  'connect6',
  'renju',
] as const;
