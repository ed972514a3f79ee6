/**
 * A seat's name as moviegoers read it: "K排12座" in Chinese, "Row K, Seat 12" in English, from the
 * short label the seat map uses ("K12"). A label of another shape (a chain's own naming) is shown
 * as it is. The short label stays where space is tight (the seat map, the chosen-seats chips).
 */
export type SeatNameLang = 'zh' | 'en';

const ROW_AND_NUMBER = /^([A-Za-z]{1,3})0*(\d{1,3})$/;

export function seatName(label: string, lang: SeatNameLang): string {
  const match = ROW_AND_NUMBER.exec(label.trim());
  if (!match) return label;
  const [, row, number] = match;
  return lang === 'en' ? `Row ${row}, Seat ${number}` : `${row}排${number}座`;
}

/**
 * Several seats in one line, joined the way the language lists them: "N排14座、N排15座" in
 * Chinese, "Row N, Seat 14; Row N, Seat 15" in English (a seat name holds a comma already).
 */
export function joinSeatNames(names: readonly string[], lang: SeatNameLang): string {
  return names.join(lang === 'en' ? '; ' : '、');
}

/** The seats of short labels ("N14", "N15") by name, joined per language. */
export function seatNames(labels: readonly string[], lang: SeatNameLang): string {
  return joinSeatNames(
    labels.map((label) => seatName(label, lang)),
    lang,
  );
}
