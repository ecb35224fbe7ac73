/**
 * The seat lessons' right answers are the engine's: a search of the lesson's position (as the JSON engine
 * answers a search asked while a seat choice is due) chooses the lesson's choice.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/ai/engine';
import { handleRequest } from '../../src/ai/protocol';
import { LESSONS, lessonRules } from '../../src/core';

const engine = new Engine(16);

describe('the seat lessons', () => {
  const seatLessons = LESSONS.filter((l) => l.goal.kind === 'seat');

  it('are D-Pente’s and Swap2’s', () => {
    expect(seatLessons.map((l) => l.id)).toEqual(['d-pente', 'swap2']);
  });

  for (const lesson of seatLessons) {
    it(`${lesson.id}: the engine's search makes the lesson's choice`, () => {
      if (lesson.goal.kind !== 'seat' || !('moves' in lesson.setup)) throw new Error(lesson.id);
      const request = { variant: lesson.variant, size: lessonRules(lesson).size, moves: lesson.setup.moves, depth: 4 };
      const answer = JSON.parse(handleRequest(engine, JSON.stringify(request)));
      expect(answer.seatChoice, JSON.stringify(answer)).toBe(lesson.goal.choice);
    });
  }
});
