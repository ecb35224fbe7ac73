import { describe, expect, it } from 'vitest';
import { type BrowserTraits, needsIosSteps } from '../../../src/ui/home/ios-steps';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const traits = (over: Partial<BrowserTraits>): BrowserTraits => ({
  userAgent: IPHONE_SAFARI,
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
  ...over,
});

describe('needsIosSteps', () => {
  it('shows the steps on an iPhone, in Safari and in the other iOS browsers', () => {
    expect(needsIosSteps(traits({}))).toBe(true);
    expect(needsIosSteps(traits({ userAgent: IPHONE_CHROME }))).toBe(true);
  });

  it('shows them on an iPad that calls itself a Mac (touch points give it away), not on a Mac', () => {
    expect(needsIosSteps(traits({ userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 5 }))).toBe(true);
    expect(needsIosSteps(traits({ userAgent: MAC_SAFARI, platform: 'MacIntel', maxTouchPoints: 0 }))).toBe(false);
  });

  it('not once installed, and not where the browser has its own install prompt', () => {
    expect(needsIosSteps(traits({ standalone: true }))).toBe(false);
    expect(needsIosSteps(traits({ userAgent: ANDROID_CHROME, platform: 'Linux armv8l' }))).toBe(false);
  });
});
