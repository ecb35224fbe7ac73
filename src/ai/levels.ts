/**
 * How the engine applies a level's judgement. The levels themselves (EngineLevel, LEVELS, levelById) are
 * plain data in src/core/levels.ts, shared with storage and the app.
 */

/** Evaluation noise, in centi-stones, for a judgement percentage. */
export const noiseFor = (judgement: number): number => Math.round(((100 - judgement) / 100) * 400);
