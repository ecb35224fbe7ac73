/** The rules core's public surface: the UI, the engine, storage and tools import from here. */
export * from './board';
export * from './coords';
export * from './game';
export * from './levels';
export * from './level-words';
export * from './link';
export * from './friend';
export * from './preview';
export * from './record';
export * from './result';
export * from './serialize';
export * from './variants';
export * from './movelist';
export * from './lessons';
export * from './puzzle/glicko2';
export * from './puzzle/pack';
export * from './puzzle/trainer';
