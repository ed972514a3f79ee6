// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hallFromPicture } from './seat-map-fixture';
import { contentSize } from './seat-map-model';
import { Minimap } from './seat-minimap';

const hall = hallFromPicture(`
  oooo.oooo
  ooox.oooo
`);
const data = { ...hall, priceAreas: [] };

function rectsOf(container: HTMLElement, view: string) {
  return [...container.querySelectorAll(`rect.seat-minimap__seat--${view}`)].map(
    (rect) => `${rect.getAttribute('x')},${rect.getAttribute('y')}`,
  );
}

describe('the minimap', () => {
  it('draws every seat, and the chosen ones over them as they change', () => {
    const props = { ref: null, data, size: contentSize(data), label: 'map' };
    const { container, rerender } = render(<Minimap {...props} chosen={['A2']} />);
    expect(container.querySelectorAll('rect')).toHaveLength(16 + 1);
    expect(rectsOf(container, 'taken')).toHaveLength(1);
    expect(rectsOf(container, 'chosen')).toHaveLength(1);

    rerender(<Minimap {...props} chosen={['A2', 'A3']} />);
    const chosen = rectsOf(container, 'chosen');
    expect(chosen).toHaveLength(2);
    // Drawn exactly where the hall's own rects for A2 and A3 are.
    const available = rectsOf(container, 'available');
    for (const xy of chosen) expect(available).toContain(xy);
    expect(new Set(chosen).size).toBe(2);

    rerender(<Minimap {...props} chosen={[]} />);
    expect(rectsOf(container, 'chosen')).toHaveLength(0);
    expect(container.querySelectorAll('rect')).toHaveLength(16);
  });
});
