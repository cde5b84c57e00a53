/**
 * The class report's charts, drawn by Vega (a declarative visualization grammar) into static SVG
 * at report time: `View.toSVG()` needs no DOM and no canvas, so the HTML report carries finished
 * pictures and no script. Every chart here is a bar chart; colours come from the page's CSS
 * (the marks are named, and Vega writes the names as classes), so one SVG serves light and dark.
 *
 * Each SVG becomes one image for assistive technology (role="img" with a <title> and <desc>):
 * the report puts the same figures in a table beside it.
 */
import { importModule } from '../../../node/import-module.ts';
import { escapeMarkup } from './escape.ts';

export interface Bar {
  label: string;
  value: number;
  /** Drawn in the "good" colour (the 100% bucket of scores); others in the chart's colour. */
  good?: boolean;
}

export interface BarChart {
  /** Unique in the page: the ids of the SVG's title and description derive from it. */
  id: string;
  title: string;
  /** What the chart shows, in a sentence or two: the image's description. */
  description: string;
  bars: readonly Bar[];
  /** Vertical bars (few short labels) or horizontal ones (many long labels, read top down). */
  orientation: 'vertical' | 'horizontal';
  valueTitle: string;
  /** Title of the category axis; shown under vertical charts only (a horizontal chart's title names it). */
  categoryTitle: string;
  /** Values are counts (whole ticks) or rates from 0 to 1 (percent ticks). */
  scale: 'count' | 'rate';
}

interface VegaModule {
  parse(spec: object): unknown;
  View: new (runtime: unknown, options: { renderer: 'none' }) => { toSVG(): Promise<string>; finalize(): void };
}

let vega: Promise<VegaModule> | undefined;

// Colours are placeholders the page's CSS replaces (see html.ts); they matter only to a reader
// that ignores CSS, where black on white stays legible.
const CONFIG = {
  background: null,
  font: 'system-ui, sans-serif',
  axis: { labelColor: '#000', titleColor: '#000', domainColor: '#555', tickColor: '#555', gridColor: '#ccc', labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal' },
};

/** Vega's spec for a bar chart: band scale for labels, linear for values from 0, a label on each bar. */
export function barChartSpec(chart: BarChart): object {
  const vertical = chart.orientation === 'vertical';
  const values = chart.bars.map((b) => ({ label: b.label, value: b.value, good: b.good === true }));
  const [band, linear] = vertical ? ['x', 'y'] : ['y', 'x'];
  const length = vertical ? 'height' : 'width';
  const across = vertical ? 'width' : 'height';
  const valueFormat = chart.scale === 'rate' ? '.0%' : 'd';
  const valueAxis = {
    aria: false,
    orient: vertical ? 'left' : 'bottom',
    scale: 'value',
    title: chart.valueTitle,
    grid: true,
    format: valueFormat,
    ...(chart.scale === 'count' ? { tickMinStep: 1 } : {}),
    tickCount: 5,
  };
  // Horizontal charts carry long labels (test names): room for them, and no axis title beside
  // them (the chart's title names the axis). Vega measures text by estimate without a canvas, a
  // little wide, so a label is cut a little early; the table beside the chart has it whole.
  const bandAxis = { aria: false, ...(vertical ? { orient: 'bottom', scale: 'band', title: chart.categoryTitle } : { orient: 'left', scale: 'band', labelLimit: 440, labelPadding: 4 }) };
  const bar = (name: string, good: boolean) => ({
    type: 'rect',
    name,
    aria: false,
    from: { data: good ? 'good' : 'plain' },
    encode: {
      enter: {
        [band]: { scale: 'band', field: 'label' },
        [vertical ? 'width' : 'height']: { scale: 'band', band: 1 },
        [linear]: { scale: 'value', field: 'value' },
        [`${linear}2`]: { scale: 'value', value: 0 },
        fill: { value: good ? '#1a7f37' : '#0969da' },
      },
    },
  });
  const labelAt = vertical ? { x: { scale: 'band', field: 'label', band: 0.5 }, y: { scale: 'value', field: 'value', offset: -4 }, align: { value: 'center' }, baseline: { value: 'bottom' } } : { y: { scale: 'band', field: 'label', band: 0.5 }, x: { scale: 'value', field: 'value', offset: 4 }, align: { value: 'left' }, baseline: { value: 'middle' } };
  return {
    $schema: 'https://vega.github.io/schema/vega/v6.json',
    [across]: vertical ? Math.max(240, chart.bars.length * 56) : 360,
    [length]: vertical ? 200 : Math.max(40, chart.bars.length * 22),
    padding: 8,
    config: CONFIG,
    data: [
      { name: 'bars', values },
      { name: 'plain', source: 'bars', transform: [{ type: 'filter', expr: '!datum.good' }] },
      { name: 'good', source: 'bars', transform: [{ type: 'filter', expr: 'datum.good' }] },
    ],
    scales: [
      { name: 'band', type: 'band', domain: { data: 'bars', field: 'label' }, range: vertical ? 'width' : 'height', padding: 0.2 },
      {
        name: 'value',
        type: 'linear',
        domain: chart.scale === 'rate' ? [0, 1] : { data: 'bars', field: 'value' },
        range: vertical ? 'height' : 'width',
        zero: true,
        nice: chart.scale === 'count',
        // An empty class still gets an axis from 0 to 1, not a collapsed one.
        ...(chart.scale === 'count' ? { domainMin: 0, domainMax: Math.max(1, ...values.map((v) => v.value)) } : {}),
      },
    ],
    axes: [valueAxis, bandAxis],
    marks: [
      bar('bar', false),
      bar('bar-good', true),
      { type: 'text', name: 'value-label', aria: false, from: { data: 'bars' }, encode: { enter: { ...labelAt, text: { signal: `format(datum.value, '${valueFormat}')` }, fontSize: { value: 11 } } } },
    ],
  };
}

/** The chart as an SVG element: one image named by its title and described by its description. */
export async function barChartSvg(chart: BarChart): Promise<string> {
  vega ??= importModule('vega') as Promise<VegaModule>;
  const { parse, View } = await vega;
  const view = new View(parse(barChartSpec(chart)), { renderer: 'none' });
  let svg: string;
  try {
    svg = await view.toSVG();
  } finally {
    view.finalize();
  }
  const titleId = `${chart.id}-title`;
  const descId = `${chart.id}-desc`;
  // The chart is one image, its title and description, with a table beside it: Vega's own ARIA
  // for each axis and mark is turned off (`aria: false` hides them) in the spec above.
  const open = svg.match(/^<svg\b[^>]*>/)?.[0];
  if (!open) throw new Error('barChartSvg: Vega did not return an <svg> element.');
  const head = `${open.slice(0, -1)} role="img" aria-labelledby="${titleId} ${descId}" focusable="false"><title id="${titleId}">${escapeMarkup(chart.title)}</title><desc id="${descId}">${escapeMarkup(chart.description)}</desc>`;
  return head + svg.slice(open.length);
}
