import {
  FIRST_SCREEN_ANSWERS_ID,
  firstScreenAnswerKey,
  type FirstScreenAnswers,
} from '@marquee/contracts';

/** Answers are taken only while the page loads: after this, every call asks the server. */
export const FIRST_SCREEN_ANSWERS_MS = 30_000;

export type TakeFirstScreenAnswer = (
  path: string,
  query: Readonly<Record<string, unknown>>,
) => { data: unknown } | undefined;

/**
 * The answers the server wrote into the page for its first screen (decision 033), each taken at
 * most once: the first ask of that call gets it without a request, any later one goes to the
 * server. None when the page has none, when they are for another site or language than the app
 * speaks, or after the first 30 seconds.
 */
export function firstScreenAnswerTaker(
  document: Pick<Document, 'getElementById'>,
  expected: { site: string; lang: 'zh' | 'en' },
  now: () => number = () => performance.now(),
): TakeFirstScreenAnswer {
  const answers = new Map<string, unknown>();
  try {
    const text = document.getElementById(FIRST_SCREEN_ANSWERS_ID)?.textContent;
    const page = text ? (JSON.parse(text) as Partial<FirstScreenAnswers>) : null;
    if (page && page.site === expected.site && page.lang === expected.lang) {
      for (const [key, data] of Object.entries(page.answers ?? {})) answers.set(key, data);
    }
  } catch (error) {
    console.warn('first-screen answers not read', error);
  }
  return (path, query) => {
    const key = firstScreenAnswerKey(path, query);
    if (!answers.has(key)) return undefined;
    const data = answers.get(key);
    answers.delete(key);
    return now() < FIRST_SCREEN_ANSWERS_MS ? { data } : undefined;
  };
}
