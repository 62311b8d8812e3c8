import type { DocumentBlock, ProseMirrorDoc } from '@observatory/shared';
import { createRandom } from './random.js';

/**
 * The demo insights: sixty short articles by the demo accounts that may write them (ada,
 * grace and mei hold createInsights; tomas comments), about the demo objects (by name:
 * demo-objects.ts and the river sites of demo-measured.ts) and the work of the demo
 * projects, with about a hundred and fifty comments by the other accounts. Ten are for the
 * members of a demo team, three for their author alone, five for signed-in users, the rest
 * public. Dates are days of the year, this year or the one before, counted back from the
 * seed's day, so the seasons in the text stay right. seed/insights.ts writes them.
 */

export type DemoWriter = 'ada' | 'grace' | 'mei';
export type DemoCommenter = DemoWriter | 'tomas';

/** The demo insights' tags: a small vocabulary, as a catalogue's would be. */
export const DEMO_INSIGHT_TAGS = [
  'phenology',
  'snow',
  'permafrost',
  'pollen',
  'drones',
  'lichens',
  'soil',
  'chlorophyll',
  'methods',
  'data-quality',
  'treeline',
  'peat',
  'tree-rings',
  'forecasting',
  'fieldwork',
  'grazing',
  'shrubs',
  'sensors',
] as const;
type Tag = (typeof DEMO_INSIGHT_TAGS)[number];

export interface DemoInsight {
  author: DemoWriter;
  title: string;
  /** Written on this day ("MM-DD") of the last year before the seed, `yearsBack` years earlier still. */
  on: string;
  yearsBack: 0 | 1;
  tags: Tag[];
  /** Object names, in order: each one the author may see. */
  objects: string[];
  visibility?: 'public' | 'signed-in' | 'members';
  /** A demo team's slug: one the author is a member of. */
  team?: string;
  doc: ProseMirrorDoc;
  /** In order, each by someone who may see the insight. */
  comments?: [DemoCommenter, string][];
  /** A paragraph the author added `daysLater` (a second revision of the text). */
  update?: { daysLater: number; text: string };
}

const text = (t: string) => ({ type: 'text' as const, text: t });
const p = (t: string): DocumentBlock => ({ type: 'paragraph', content: [text(t)] });
const h = (t: string): DocumentBlock => ({ type: 'heading', attrs: { level: 2 }, content: [text(t)] });
const ul = (...items: string[]): DocumentBlock => ({ type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) });
const doc = (...content: DocumentBlock[]): ProseMirrorDoc => ({ type: 'doc', content });

export const DEMO_INSIGHTS: DemoInsight[] = [
  // ada: the treeline above Davos, pollen and peat.
  {
    author: 'ada',
    title: 'Larch seedlings cluster in the lee of boulders on transect D2',
    on: '08-21',
    yearsBack: 1,
    tags: ['treeline', 'methods'],
    objects: ['dav-dischma-transect-d2-south-facing', 'davos-treeline'],
    team: 'field-team',
    doc: doc(
      p(
        'Of the seedlings we tagged above the last adult trees on the south-facing Dischma transect, most grew within half a metre of a boulder, on its downslope side. The pattern is strongest in the upper eight plots, where the wind clears the snow early.',
      ),
      p(
        'Two explanations fit: shelter from wind-driven ice crystals in late winter, and a warmer microclimate in the lee in spring. Our soil-temperature loggers sit in open ground, so they cannot tell the two apart.',
      ),
      h('Next season'),
      ul(
        'Two extra temperature buttons per upper plot: one in the lee of a boulder, one in the open',
        'Boulder height and aspect for every tagged seedling',
        'The same count on the north-facing transect D1, where boulders are fewer',
      ),
    ),
    comments: [
      ['grace', 'Boulder height and aspect need two new columns in the census table. I will add them to the template before the season starts.'],
      ['tomas', 'The larches I cored at the upper forest edge on D2 also stand next to boulders, so the pattern may be decades old.'],
      ['mei', 'At Niwot the krummholz islands start the same way: one stem in the lee of a rock, then layering downwind.'],
      ['ada', 'Thanks, Mei. Do you have a photo of that? It would make a good figure next to ours.'],
    ],
    update: { daysLater: 60, text: 'Update: the extra temperature buttons are ordered, forty of them, enough for the upper plots of D1 and D2.' },
  },
  {
    author: 'ada',
    title: 'Soil temperature series complete on five of six transects',
    on: '10-02',
    yearsBack: 1,
    tags: ['soil', 'sensors', 'data-quality'],
    objects: ['davos-treeline', 'dav-fluela-transect-f1'],
    doc: doc(
      p(
        'All eighteen loggers were read out in September. The hourly series are complete on five transects; on Flüela F1 the battery of the middle logger failed in mid-February and the series has a gap of nineteen days.',
      ),
      p(
        'The gap falls in the snow-covered season, when soil temperature under deep snow stays close to zero, so it matters little for the growing-season means but does for the winter minimum.',
      ),
    ),
    comments: [
      [
        'grace',
        'I flagged the F1 gap as missing rather than interpolating. If you need a complete series for degree-day sums, we can fill it from F2 by regression and flag those hours separately.',
      ],
      ['ada', 'Yes please, with the flag: the degree-day sums need whole seasons.'],
    ],
  },
  {
    author: 'ada',
    title: 'The snow-free day decides which seedlings survive',
    on: '11-14',
    yearsBack: 1,
    tags: ['phenology', 'snow', 'treeline'],
    objects: ['dav-sertig-transect-s1', 'dav-sertig-transect-s2'],
    team: 'field-team',
    doc: doc(
      p(
        'We dated snowmelt at every plot from the soil loggers: under snow the soil stays at zero for weeks, and the day it starts to swing with the air marks the melt. On both Sertig transects, seedlings in plots that melted out after mid-June died twice as often over the following winter as those in early plots.',
      ),
      p(
        'Late plots lie in hollows where snow collects. A shorter season leaves the shoots less time to harden before the first frost, which fits the browned needle tips we find there every spring.',
      ),
    ),
    comments: [
      ['grace', 'The stake record at the Weissfluhjoch would give you a much longer snow series to compare the melt dates with.'],
      ['tomas', 'Is the zero curtain sharp enough at the upper S2 plots? Two loggers there looked smeared over a week last year.'],
      ['ada', 'It smears where meltwater runs over the logger. We take the last day below 0.5 °C, which the field notes confirm within two days.'],
    ],
  },
  {
    author: 'ada',
    title: 'Comparing the treeline at Niwot Ridge with Davos',
    on: '03-09',
    yearsBack: 0,
    tags: ['treeline', 'methods'],
    objects: ['niwot-ridge', 'niw-treeline-krummholz', 'davos-treeline'],
    doc: doc(
      p(
        'The treeline at Niwot Ridge lies near 3,400 m, more than a thousand metres above ours at Davos, yet the growing-season soil temperature at both is close to the global mean of about 6.7 °C that Körner and Paulsen found at treelines worldwide.',
      ),
      p(
        'The difference is in the form of the trees: at Niwot the last trees are wind-shaped krummholz mats, at Davos upright larches with flagged crowns. Wind and winter desiccation seem to matter more on the continental ridge.',
      ),
    ),
    comments: [
      ['mei', 'NEON measures soil temperature at several depths at NIWO; the sensor at 6 cm is closest to your loggers at 10 cm.'],
      ['ada', 'Good to know. We will interpolate between the 6 and 16 cm sensors rather than take one.'],
    ],
  },
  {
    author: 'ada',
    title: 'Pollen at the Feldsee tracks the Little Ice Age pastures',
    on: '02-17',
    yearsBack: 1,
    tags: ['pollen', 'grazing'],
    objects: ['fel-feldsee-cirque-lake', 'feldberg'],
    doc: doc(
      p(
        'The upper metre of the Feldsee core shows beech and fir pollen falling between about 1600 and 1850, and grasses and ribwort plantain rising in the same layers. Ribwort plantain is a pasture weed: the summit of the Feldberg was grazed hard in those centuries.',
      ),
      p(
        'The timing fits the written history of the summer pastures better than it fits the cold phases of the Little Ice Age, which suggests people rather than climate opened the forest there.',
      ),
    ),
    comments: [
      ['tomas', 'Could the grass come from the summit pastures alone? The cirque walls are steep; the lake may mostly see what grows on its rim.'],
      ['ada', 'Probably both. The Rotmeer bog, two kilometres away, should tell us how regional the signal is.'],
      ['grace', 'The counts are in the Holocene project’s data now, with the Feldsee site code.'],
    ],
  },
  {
    author: 'ada',
    title: 'Three charcoal layers in the Rotmeer bog',
    on: '05-06',
    yearsBack: 1,
    tags: ['peat', 'pollen'],
    objects: ['fel-rotmeer-bog'],
    doc: doc(
      p(
        'Sieving every centimetre of the Rotmeer core for charcoal larger than 150 µm gave three distinct peaks. The youngest lines up with the medieval clearance of the Feldberg slopes seen in the pollen; the two older ones have no pollen change with them and may be lightning fires.',
      ),
      p('Radiocarbon dates on the layers are ordered.'),
    ),
    comments: [['tomas', 'If the older fires were natural, fir should have come back quickly after them. Does the pollen show that?']],
  },
  {
    author: 'ada',
    title: 'How deep is the peat at Chalupská slať?',
    on: '06-20',
    yearsBack: 1,
    tags: ['peat', 'fieldwork'],
    objects: ['sum-chalupska-slat', 'sumava-bogs'],
    doc: doc(
      p(
        'We probed the bog on a 50 m grid with steel rods before choosing where to core. The peat is deepest, just over seven metres, in the centre of the dome, and thins to less than a metre at the lagg.',
      ),
      ul(
        '112 probe points, three of them on buried wood',
        'The deepest point lies 80 m east of the boardwalk’s end',
        'Coring with the Russian corer next month, at the deepest point',
      ),
      p('With a mean bulk density of 0.1 g/cm³ and half of it carbon, the dome holds on the order of 100,000 tonnes of carbon.'),
    ),
    comments: [
      ['grace', 'Could you upload the probe grid as a table? The depths would make a good layer for the site map.'],
      ['mei', 'Seven metres is a lot for that elevation. How old do you expect the base to be?'],
      ['ada', 'Around 9,000 years if it grew as fast as the other Šumava bogs; the dates will tell.'],
    ],
  },
  {
    author: 'ada',
    title: 'Radiocarbon and lead-210 agree at the top of the Jezerní core',
    on: '04-28',
    yearsBack: 0,
    tags: ['peat', 'methods'],
    objects: ['sum-jezerni-slat'],
    doc: doc(
      p(
        'The upper 40 cm of the core were dated twice: with lead-210, which covers the last 150 years, and with radiocarbon on Sphagnum stems, using the bomb peak of the 1960s. Both put the 1963 level at 17 to 19 cm.',
      ),
      p('That gives us a recent accumulation rate we can trust, and a check on the age model where the two methods overlap.'),
    ),
    comments: [
      ['tomas', 'Nice. Did you see any sign of the peat being compressed under the boardwalk?'],
      ['ada', 'No, the core is 30 m from it. We chose the spot for that reason.'],
    ],
  },
  {
    author: 'ada',
    title: 'Testate amoebae say the bogs were wetter before drainage',
    on: '09-12',
    yearsBack: 0,
    tags: ['peat', 'soil'],
    objects: ['sum-rokytska-slat', 'sum-rybarenska-slat'],
    doc: doc(
      p(
        'Testate amoebae live in the surface of the peat, and which species live there depends on how far the water table lies below it. In both cores the wet-loving species give way to dry-loving ones within a few centimetres, at a level that dates to the 1960s, when ditches were dug around the bogs.',
      ),
      p('The reconstructed water table dropped by about 10 cm. The ditches were blocked again in the 1990s, but the amoebae have not come back yet.'),
    ),
    comments: [
      ['grace', 'Do you have the transfer function in the project files? People will ask how the depths were estimated.'],
      ['ada', 'It is the European one by Amesbury and colleagues; I will add the reference and our script.'],
    ],
  },
  {
    author: 'ada',
    title: 'Glen Feshie pinewood is climbing again',
    on: '07-03',
    yearsBack: 1,
    tags: ['treeline', 'grazing'],
    objects: ['cai-glen-feshie-pinewood', 'cairngorms'],
    doc: doc(
      p(
        'Since red deer numbers were cut in the glen, young Scots pine have come up far above the old trees. On our transect the highest sapling taller than 50 cm now grows at 640 m, 150 m above the highest mature pine.',
      ),
      p(
        'Few places in Europe show so plainly how low a grazed treeline can sit below its climatic limit. Pollen from Loch Einich suggests pine grew higher on these slopes in the middle Holocene.',
      ),
    ),
    comments: [
      ['mei', 'Do the saplings grow in the open heather, or along the burns?'],
      ['ada', 'Mostly on the drier knolls, away from the burns, where the heather is shorter.'],
      ['grace', 'Is there a survey of deer numbers we could link to, to show the timing?'],
      ['ada', 'The estate counts them every spring; I will ask whether we may publish the series with ours.'],
    ],
  },
  {
    author: 'ada',
    title: 'Loch Einich pollen: when did the pinewoods retreat?',
    on: '01-22',
    yearsBack: 0,
    tags: ['pollen'],
    objects: ['cai-loch-einich'],
    doc: doc(
      p(
        'Pine pollen at Loch Einich falls sharply about 4,000 years ago, at the same time as peat starts to spread over the plateau. The retreat is older than any large clearance by people in the Cairngorms.',
      ),
      p('Wetter conditions that let blanket peat grow would also have drowned pine seedlings, so climate is the likelier cause there.'),
    ),
    comments: [
      ['tomas', 'Are there pine stumps under the peat on the plateau? They would give you direct dates.'],
      ['ada', 'There are, at Rothiemurchus; a colleague dated some, and they fit.'],
    ],
  },
  {
    author: 'ada',
    title: 'Beech is under-represented in the Ordesa pollen',
    on: '10-30',
    yearsBack: 1,
    tags: ['pollen', 'methods'],
    objects: ['ord-turieto-beech-forest', 'ord-ibon-de-marbore'],
    doc: doc(
      p(
        'Beech covers most of the lower valley at Ordesa, yet makes up less than ten per cent of the pollen in the surface sediment of Ibón de Marboré. Beech pollen is heavy and travels little, and the lake lies a thousand metres above the forest.',
      ),
      p(
        'This is what the REVEALS model corrects for with each taxon’s pollen productivity and fall speed. A lake high above the forest needs the correction more than most.',
      ),
    ),
    comments: [
      ['grace', 'Would moss polsters in the beech forest help calibrate it?'],
      ['ada', 'Yes: we collected twenty along the path up from Turieto, the counts are under way.'],
      ['mei', 'Is the lake even ice-free long enough to trap pollen in spring?'],
    ],
  },
  {
    author: 'ada',
    title: 'Pollen traps and the flux tower agree on the Hyytiälä pine season',
    on: '06-05',
    yearsBack: 0,
    tags: ['pollen', 'phenology'],
    objects: ['hyy-smear-ii-pine-stand', 'hyy-lake-kuivajarvi'],
    doc: doc(
      p(
        'The pollen traps at the SMEAR II pine stand caught the first pine pollen on the same day the flux tower’s carbon uptake passed its spring threshold, to within two days for the last five years.',
      ),
      p('If that holds, the long trap records of the region could stand in for flux data before the towers existed.'),
    ),
    comments: [
      ['mei', 'That is a neat proxy. How does it hold in a cold spring, when uptake starts but flowering waits?'],
      ['ada', 'The coldest spring in our five was also the one with the two-day lag, so perhaps not well. We need more years.'],
      ['grace', 'The trap series would be worth publishing on its own; shall we give it a data set of its own?'],
    ],
  },
  {
    author: 'ada',
    title: 'Duplicate tag numbers on transect D2',
    on: '09-03',
    yearsBack: 0,
    tags: ['data-quality', 'treeline', 'methods'],
    objects: ['dav-dischma-transect-d2-south-facing'],
    visibility: 'members',
    team: 'field-team',
    doc: doc(
      p(
        'Eleven aluminium tags on D2 carry numbers we had already given out on D1 two summers ago: a box of tags was used twice. The seedlings themselves are not mixed up, since plot and position are recorded, but the tag number alone is no longer a key.',
      ),
      ul(
        'Until the census table is fixed, join on plot and tag, never on tag alone',
        'New tags on D2 get a suffix B',
        'The old box is marked and out of the field kit',
      ),
    ),
    comments: [
      ['mei', 'We had the same at Toolik. Pre-printed tags with the transect code would avoid it.'],
      ['ada', 'Agreed; I have asked for a quote for tags printed with the transect code.'],
    ],
  },
  {
    author: 'ada',
    title: 'Helicopter sling for the Sertig loggers and fence posts',
    on: '05-27',
    yearsBack: 0,
    tags: ['fieldwork'],
    objects: ['dav-sertig-transect-s1', 'dav-sertig-transect-s2'],
    visibility: 'members',
    team: 'field-team',
    doc: doc(
      p(
        'The new fence posts for the exclosures on S1 and S2 go up with the helicopter that supplies the alpine hut. It flies on the first clear morning after the hut opens; we have two loads, 180 kg each, packed at the station.',
      ),
      p('Someone needs to be at the landing spot above S2 by seven to unhook the nets.'),
    ),
    comments: [
      ['mei', 'I can be there if it flies before the 20th; after that I am at Toolik.'],
      ['ada', 'Thank you, I will put you down for the first date and find a second person for later.'],
    ],
  },
  {
    author: 'ada',
    title: 'Hold the soil-temperature series until the paper is accepted',
    on: '12-08',
    yearsBack: 1,
    tags: ['data-quality', 'soil'],
    objects: ['davos-treeline'],
    visibility: 'members',
    team: 'data-team',
    doc: doc(
      p(
        'The seedling paper uses the soil-temperature series of all six transects. The reviewers may ask for changes to the gap filling, so I would rather publish the series together with the paper than before it.',
      ),
      p('The seedling census stays public as it is.'),
    ),
    comments: [
      ['grace', 'Fine with an embargo. I will set the publication date on the data set and reserve the DOI now, so the paper can cite it.'],
      ['ada', 'Perfect, thank you.'],
    ],
  },
  {
    author: 'ada',
    title: 'Draft: pilot lakes for sedimentary DNA',
    on: '08-30',
    yearsBack: 0,
    tags: ['pollen', 'methods'],
    objects: ['kil-lake-saanajarvi', 'kil-lake-tsahkaljarvi', 'kilpisjarvi-lakes'],
    visibility: 'members',
    doc: doc(
      p(
        'Shortlist for the proposal’s pilot: Saanajärvi, whose pollen record is long and well dated, and Tsahkaljärvi, small and close to the treeline. Mallajärvi only if the budget allows a third.',
      ),
      ul(
        'Check whether the old cores are still in the freezer in Helsinki',
        'Ask about the winter coring permit',
        'Sequencing costs per sample from two laboratories',
      ),
    ),
  },
  {
    author: 'ada',
    title: 'Sheep grazing on the Flüela slopes left its mark in the tree ages',
    on: '01-15',
    yearsBack: 1,
    tags: ['grazing', 'treeline', 'tree-rings'],
    objects: ['dav-fluela-transect-f1', 'dav-fluela-transect-f2'],
    visibility: 'signed-in',
    doc: doc(
      p(
        'Cores from the trees above the old forest edge on the Flüela transects give germination dates that bunch after 1998, the year the sheep were taken off the slope. Below the forest edge the ages are spread evenly.',
      ),
      p(
        'Grazing, more than climate, has held the treeline down here. Any estimate of treeline advance at Flüela has to start from 1998, not from the first survey.',
      ),
    ),
    comments: [
      ['tomas', 'Ring counts near the root collar miss a few years; I would say the bunching starts between 1998 and 2001.'],
      ['grace', 'Could the grazing history go into the site metadata? Others will trip over it otherwise.'],
      ['ada', 'Good idea; I will add it to the property’s description.'],
    ],
  },
  {
    author: 'ada',
    title: 'Stone pine seedlings need the nutcracker',
    on: '09-25',
    yearsBack: 1,
    tags: ['treeline'],
    objects: ['dav-sertig-transect-s2', 'dav-dischma-transect-d1-north-facing'],
    doc: doc(
      p(
        'Almost every Swiss stone pine seedling we found above the forest grew in a small cluster of two to five stems: the sign of a seed cache the spotted nutcracker forgot. Larch seeds fly on the wind; stone pine seeds only travel in the bird’s throat pouch.',
      ),
      p('Stone pine therefore establishes where nutcrackers hide seeds, on ridges and next to stones, not where conditions suit it best.'),
    ),
    comments: [
      ['mei', 'Clark’s nutcracker does the same for whitebark pine in the Rockies. Is anyone counting the birds?'],
      ['ada', 'The station’s bird survey passes D1 twice a year. I will ask for their counts.'],
      ['tomas', 'Clusters are a pain for the census: we tag each stem but they will thin themselves out.'],
    ],
  },
  {
    author: 'ada',
    title: 'Hinterzarten mire: the core we did not take',
    on: '03-25',
    yearsBack: 1,
    tags: ['peat', 'fieldwork'],
    objects: ['fel-hinterzarten-mire'],
    doc: doc(
      p(
        'We went to core the Hinterzarten mire and came back without a core. Peat cutting in the nineteenth century left the centre a patchwork of old pits filled with young Sphagnum, and the probing showed no undisturbed profile longer than a metre.',
      ),
      p('The Rotmeer bog will have to carry the local record for the Feldberg alone.'),
    ),
    comments: [['grace', 'Worth a note in the site’s record, so nobody plans the same trip again.']],
  },
  // grace: snow notebooks, the tundra, budmoth rings and the data.
  {
    author: 'grace',
    title: 'Fifty years of snow pits: grain types changed their notation',
    on: '02-03',
    yearsBack: 0,
    tags: ['snow', 'data-quality'],
    objects: ['wfj-versuchsfeld-snow-pits', 'weissfluhjoch'],
    visibility: 'signed-in',
    team: 'data-team',
    doc: doc(
      p(
        'The notebooks before the early 1970s write grain shapes with the old symbols; after that, with the international classification. About a fifth of the old symbols have no one-to-one translation: “rounded and faceted” may be either of two new classes.',
      ),
      p(
        'We keep the symbol as written in one column and the translated class in another, with a flag where the translation is a guess. No profile is silently changed.',
      ),
    ),
    comments: [
      ['tomas', 'The observers’ handwriting changes with the notation, too: a new team started in the same winter.'],
      ['ada', 'Could the density measurements help decide the ambiguous cases? Faceted layers are usually lighter.'],
      ['grace', 'They could, where density was measured. That is about half the pits before 1975.'],
      ['mei', 'We have the same problem with the old phenology protocols at Harvard: keeping the original column saved us more than once.'],
      ['tomas', 'I started a list of the ambiguous symbols with a photo of each from the notebooks.'],
    ],
  },
  {
    author: 'grace',
    title: 'A sensor swap at the ridge mast, hidden in the notebooks',
    on: '04-11',
    yearsBack: 1,
    tags: ['snow', 'sensors', 'data-quality'],
    objects: ['wfj-ridge-weather-mast'],
    visibility: 'signed-in',
    doc: doc(
      p(
        'The wind speeds from the ridge mast jump by about ten per cent in one autumn and stay there. Nothing in the station log explains it, but a margin note in that winter’s snow-pit notebook does: “new anemometer on the mast, the old one iced”.',
      ),
      p('The series will get a break point at that date, and the homogenisation will treat the two parts as separate instruments.'),
    ),
    comments: [
      ['tomas', 'I found the same note in the observers’ diary, dated four days earlier than the notebook.'],
      ['grace', 'Then we take the diary’s date; thank you.'],
      ['ada', 'Marginal notes are a data source of their own. Are they transcribed too?'],
    ],
  },
  {
    author: 'grace',
    title: 'First snow at the Versuchsfeld comes later than it did',
    on: '12-01',
    yearsBack: 0,
    tags: ['snow', 'phenology'],
    objects: ['wfj-versuchsfeld-snow-pits'],
    doc: doc(
      p(
        'From the transcribed notebooks and the automatic station since, the first day with a lasting snow cover at the study plot has moved about two weeks later over the last half-century. The end of the snow season has moved less.',
      ),
      p('These are preliminary numbers from checked notebooks only; the double transcription of the 1980s is not done.'),
    ),
    comments: [
      ['ada', 'Two weeks in autumn matter less to the plants than two weeks in spring. Is the melt date really stable?'],
      ['grace', 'Stable within a few days at the plot, yes. The slopes around it may differ.'],
      ['mei', 'Do you correct for the site moving? Stations get moved a few metres more often than people admit.'],
      ['grace', 'The plot has not moved since 1936, but the automatic sensor stands 30 m away. We compare the overlapping years.'],
    ],
  },
  {
    author: 'grace',
    title: 'Transcription disagreements in the hardness column',
    on: '06-18',
    yearsBack: 0,
    tags: ['snow', 'data-quality'],
    objects: ['wfj-versuchsfeld-snow-pits'],
    visibility: 'members',
    team: 'data-team',
    doc: doc(
      p(
        'Of the roughly 400 disagreements left between the two transcriptions, three in four are in the hand-hardness column. The observers wrote “1F” and “F” in ways that are hard to tell apart, and one transcriber read them systematically one way.',
      ),
      p('Proposal: resolve these with the penetration values of the ram profile where it exists, and leave the rest flagged.'),
    ),
    comments: [
      ['ada', 'Sounds right. How many have no ram profile?'],
      ['grace', 'About ninety. I will go through them with a magnifier next week.'],
      ['ada', 'Ninety is fine; leave them flagged if the scan does not settle it.'],
    ],
  },
  {
    author: 'grace',
    title: 'Where to keep the drone orthomosaics',
    on: '09-08',
    yearsBack: 0,
    tags: ['drones', 'data-quality'],
    objects: ['abisko', 'toolik'],
    visibility: 'members',
    team: 'data-team',
    doc: doc(
      p(
        'This summer’s flights at Abisko and Toolik produced 1.8 TB of raw images and 240 GB of orthomosaics. The raw images are more than our share of the institute storage; the orthomosaics fit.',
      ),
      ul(
        'Keep the orthomosaics and the ground control in our storage',
        'Archive the raw images on tape, with checksums',
        'Publish the orthomosaics at 5 cm once the classification is done',
      ),
    ),
    comments: [['ada', 'Agreed. Please keep the flight logs with the orthomosaics, not with the raw images.']],
  },
  {
    author: 'grace',
    title: 'The cold room ran warm over the weekend',
    on: '11-03',
    yearsBack: 0,
    tags: ['peat', 'data-quality'],
    objects: ['sumava-bogs'],
    visibility: 'members',
    team: 'pollen-lab',
    doc: doc(
      p(
        'The cold room’s compressor stopped on Saturday and the room reached 14 °C before the alarm reached anyone on Sunday evening. The Šumava cores were wrapped and in their tubes.',
      ),
      p(
        'The log of the temperature is attached to the room’s record. Subsamples for radiocarbon are unaffected; those for pigments and DNA were not planned from these cores.',
      ),
    ),
    comments: [
      ['tomas', 'I checked the cores this morning: no condensation inside the wrapping, no mould.'],
      ['tomas', 'The alarm was still sending to last year’s phone number. Fixed now.'],
    ],
  },
  {
    author: 'grace',
    title: 'Re-dating the top of the Feldsee core',
    on: '03-02',
    yearsBack: 0,
    tags: ['pollen', 'methods'],
    objects: ['fel-feldsee-cirque-lake'],
    visibility: 'members',
    team: 'pollen-lab',
    doc: doc(
      p(
        'The laminations in the upper Feldsee core disagree with the lead-210 dates by about thirty years at 50 cm. Either some years left no visible lamina, or the lead-210 model is off in the flood layers.',
      ),
      p('I suggest we count the laminations again under the microscope on thin sections and look for caesium-137 to pin down 1963 and 1986.'),
    ),
    comments: [
      ['tomas', 'The thin-section lab can take six slabs next month. I will cut them.'],
      ['grace', 'Thank you. Mark the flood layers on the slabs so we can compare.'],
    ],
  },
  {
    author: 'grace',
    title: 'Notes to self: metadata our forecasts still leave empty',
    on: '10-19',
    yearsBack: 0,
    tags: ['methods', 'data-quality'],
    objects: ['usgs-14211720'],
    visibility: 'members',
    doc: doc(
      p(
        'Checked the last month of river forecasts against the forecast metadata convention. Still empty in most files: the uncertainty propagation fields, the model’s initial-condition source, and the driver data version.',
      ),
      ul('Ask Mei whether the driver version can be written by the pipeline', 'Add a validator step that fails on empty required fields'),
    ),
  },
  {
    author: 'grace',
    title: 'Forty-year photo pairs: willow has closed the Njulla slope',
    on: '10-10',
    yearsBack: 1,
    tags: ['shrubs', 'methods'],
    objects: ['abi-njulla-slope', 'abisko'],
    doc: doc(
      p(
        'We found the camera points of 48 photographs taken near Abisko in the 1970s and took them again from the same spots. On the lower Njulla slope, open heath with scattered willows has become a closed willow thicket up to chest height.',
      ),
      p('Higher up the change is smaller: dwarf birch spreads in the hollows where snow lies longer and protects it in winter.'),
      h('How the points were found'),
      ul(
        'Skyline matched on the old prints, then checked with a compass',
        'Boulders in the foreground as fixed marks',
        'The same focal length, 50 mm on full frame',
      ),
    ),
    comments: [
      ['mei', 'Amazing pairs. Did the photographers note the date? Leaf-out in the old photos would tell you the season.'],
      ['grace', 'Most are dated on the back; all are from late July or August.'],
      ['ada', 'Could the pairs go into the object’s photos? They are the best introduction to the site.'],
      ['grace', 'Yes, once the archive agrees on the licence of the old prints.'],
      ['tomas', 'The willow thicket is also where the reindeer no longer go, according to the herders.'],
      ['mei', 'That fits Toolik: shrubs first close where browsing stopped.'],
    ],
  },
  {
    author: 'grace',
    title: 'The active layer at Stordalen is deeper again',
    on: '09-20',
    yearsBack: 1,
    tags: ['permafrost', 'soil'],
    objects: ['abi-stordalen-mire'],
    doc: doc(
      p(
        'At the probe grid on the Stordalen mire the mean thaw depth in September was 62 cm, four centimetres more than the year before and the deepest in the record. In the wettest corner of the grid the probe did not reach frozen ground at all at 150 cm.',
      ),
      p('Where the permafrost thaws, the palsa surface sinks and turns into a wet fen with sedges, which releases more methane.'),
    ),
    comments: [
      ['ada', 'Do you probe the same points every year? With 150 cm you may be in a new talik.'],
      ['grace', 'Same points, marked with steel pins. That corner probably is a talik now.'],
      ['mei', 'Is the snow depth of the winter before in the station data? A deep snow year could explain it alone.'],
      ['grace', 'It was a deep winter, yes, about a third more snow than usual. The trend is there without it too.'],
      ['tomas', 'Could we add the grid to the site as plots, so the depths can be entered as observations?'],
    ],
    update: { daysLater: 35, text: 'Update: the station’s frost tube confirms no frozen layer in the wet corner above 2 m: it is a talik.' },
  },
  {
    author: 'grace',
    title: 'Thermokarst ponds on the Stordalen mire, mapped from the drone',
    on: '08-05',
    yearsBack: 0,
    tags: ['permafrost', 'drones'],
    objects: ['abi-stordalen-mire', 'abisko'],
    doc: doc(
      p(
        'The July orthomosaic of the mire at 3 cm shows 37 ponds where the palsa has collapsed, against 29 in the aerial photographs of a decade ago. Most new ponds open at the edge of existing ones.',
      ),
      p('Water shows up clearly in the near-infrared band, so the ponds can be mapped automatically; the shallow ones with sedges need a check in the field.'),
    ),
    comments: [
      ['mei', 'What was the flight height? At 3 cm you must have flown low.'],
      ['grace', '60 m, with 80 % overlap. Two batteries for the whole mire.'],
      ['ada', 'Would the pond edges give you the rate of collapse, year to year?'],
      ['grace', 'That is the plan: the same flight every July.'],
    ],
  },
  {
    author: 'grace',
    title: 'Reindeer lichen is thin on the Björkliden heath',
    on: '07-22',
    yearsBack: 1,
    tags: ['lichens', 'grazing'],
    objects: ['abi-bjorkliden-heath'],
    doc: doc(
      p(
        'Cover of reindeer lichens (Cladonia) on the heath plots averages 8 %, and the mats are rarely taller than 2 cm. Exclosures set up twelve years ago have 35 % cover and mats of 6 cm.',
      ),
      p(
        'Reindeer graze here in winter and trample the dry lichen in summer. Shrubs do better where the lichen is gone, which links the grazing to the shrub question.',
      ),
    ),
    comments: [
      ['tomas', 'Is it grazing or trampling? Summer trampling breaks dry lichen much more than winter grazing under snow.'],
      ['grace', 'We cannot separate them with these exclosures. The herders say the animals pass here mostly in summer.'],
      ['mei', 'Lichen cover should show in the drone images too, as a very bright surface.'],
    ],
  },
  {
    author: 'grace',
    title: 'Lichens on the Kärkevagge boulders as a clock',
    on: '08-14',
    yearsBack: 0,
    tags: ['lichens', 'methods'],
    objects: ['abi-karkevagge'],
    doc: doc(
      p(
        'The map lichens (Rhizocarpon) on the boulders of Kärkevagge grow a fraction of a millimetre a year, so the largest thallus on a boulder tells how long it has lain still. We measured the largest five on 120 boulders of the debris fans.',
      ),
      p(
        'Boulders at the fan edges are older than those in the middle, where rockfall continues. The growth curve comes from dated gravestones in Abisko village.',
      ),
    ),
    comments: [
      ['ada', 'Gravestones are a lovely calibration. Which rock are they? Growth differs on limestone.'],
      ['grace', 'Granite and gneiss only; the few slate ones were left out.'],
      ['tomas', 'Do the largest thalli start to merge on the oldest boulders?'],
    ],
  },
  {
    author: 'grace',
    title: 'Budmoth rings in the Fafleralp larches',
    on: '11-20',
    yearsBack: 1,
    tags: ['tree-rings'],
    objects: ['lot-fafleralp-larch-forest', 'lotschental'],
    team: 'data-team',
    doc: doc(
      p(
        'The ring-width series of the Fafleralp larches show the budmoth outbreaks as sudden narrow rings, lighter in colour, every eight to ten years back to the eighteenth century. The latewood density drops in the same years, which separates an outbreak from a cold summer.',
      ),
      p('The last clear outbreak ring is from the early 1980s. Since then the series are quiet.'),
    ),
    comments: [
      ['tomas', 'The three oldest trees go back to 1680; I will add them once they are cross-dated.'],
      ['ada', 'Is there a way to tell an outbreak from late frost? Both leave narrow rings.'],
      ['grace', 'Frost rings show damaged cells at the start of the ring; budmoth rings do not. Tomás checks each under the microscope.'],
    ],
  },
  {
    author: 'grace',
    title: 'The budmoth cycle is back: defoliation seen from the valley road',
    on: '07-30',
    yearsBack: 0,
    tags: ['tree-rings', 'phenology'],
    objects: ['lot-weissenried', 'lot-kuhmad'],
    doc: doc(
      p(
        'In mid-July the larch stands above Weissenried and Kühmad turned brown-red in patches, the typical sign of larch budmoth feeding. It is the first visible defoliation in the valley in decades.',
      ),
      p('We will core twenty trees in the affected patches next year, to see the ring the outbreak leaves as it forms.'),
    ),
    comments: [
      ['tomas', 'I counted the caterpillars on ten branches at Kühmad: around forty per kilogram of foliage, an outbreak level.'],
      ['ada', 'Is it only at one elevation? The outbreaks used to centre around 1,800 m.'],
      ['grace', 'Between 1,700 and 1,900 m, yes, as in the old records.'],
      ['mei', 'The satellite greenness should show it too. I can pull the NDVI series for the valley.'],
    ],
  },
  {
    author: 'grace',
    title: 'Timber from Blatten: the beams are older than the village records',
    on: '02-25',
    yearsBack: 1,
    tags: ['tree-rings'],
    objects: ['lot-blatten-larch-meadow'],
    doc: doc(
      p(
        'A storage barn at the edge of the Blatten larch meadow gave us nine beams whose outermost rings date to the winter of 1523/24. The first written mention of the hamlet is some eighty years later.',
      ),
      p('Old larch timber is the archive that takes the budmoth record back before the living trees.'),
    ),
    comments: [
      ['tomas', 'Two beams had bark edges, so the felling date is exact.'],
      ['ada', 'Lovely find. The village archive may want to know.'],
    ],
  },
  {
    author: 'grace',
    title: 'A data dictionary template for field tables',
    on: '05-14',
    yearsBack: 1,
    tags: ['methods', 'data-quality'],
    objects: ['davos-treeline', 'konza-prairie'],
    team: 'data-team',
    doc: doc(
      p(
        'Every field table we publish gets a data dictionary: one row per column, with its name, a definition, the unit, the allowed values or range, and how missing values are written. The template is in the Data team’s files.',
      ),
      ul('Units as UCUM codes, as the catalogue’s metrics use them', 'Missing values as empty cells, never as -999', 'Dates as ISO 8601'),
      p('The seedling census and the Konza shelter data are the first two done this way.'),
    ),
    comments: [
      ['mei', 'Thank you. The Konza one took an afternoon, mostly because of the old column names.'],
      ['ada', 'Could the dictionary live next to the metrics in the catalogue rather than in a separate file?'],
      ['grace', 'That is the long-term plan: metrics already carry a unit and a description.'],
    ],
  },
  {
    author: 'grace',
    title: 'Chlorophyll units in the river series: µg/L or RFU?',
    on: '01-29',
    yearsBack: 0,
    tags: ['chlorophyll', 'data-quality'],
    objects: ['usgs-14211720', 'dwr-mls'],
    team: 'data-team',
    doc: doc(
      p(
        'The USGS gauges report chlorophyll as µg/L from in-situ fluorescence; two of the DWR stations reported relative fluorescence units until they were recalibrated. The challenge’s target file converts them, but the conversion is station-specific.',
      ),
      p('Our data table keeps µg/L only. Values before the recalibration at the DWR stations are flagged as converted.'),
    ),
    comments: [
      ['mei', 'The forecasts are scored on the converted values, so the flag should travel with the scores too.'],
      ['grace', 'Agreed; I will add it to the score table.'],
      ['tomas', 'Is fluorescence comparable across sensor makes at all?'],
    ],
  },
  {
    author: 'grace',
    title: 'Dwarf birch grows taller on the Toolik terrace',
    on: '09-01',
    yearsBack: 1,
    tags: ['shrubs', 'permafrost'],
    objects: ['too-shrub-tundra-terrace', 'too-moist-acidic-tundra'],
    doc: doc(
      p(
        'Tagged dwarf birch on the shrub tundra terrace average 42 cm, twice the height of those in the moist acidic tundra a few hundred metres away. The terrace drains well and thaws deeper each summer.',
      ),
      p('Deeper thaw gives the roots more soil and nitrogen; taller shrubs trap more snow, which warms the soil in winter. The two feed each other.'),
    ),
    comments: [
      ['mei', 'Our thaw probes on the terrace agree: 15 cm deeper than in the tussocks.'],
      ['ada', 'Do the tussock plots show any birch coming in?'],
    ],
  },
  {
    author: 'grace',
    title: 'Checksums for every raw file, from today',
    on: '03-18',
    yearsBack: 1,
    tags: ['data-quality', 'methods'],
    objects: ['toolik'],
    doc: doc(
      p(
        'After a corrupted memory card at Toolik cost us a day of drone images, every raw file now gets a SHA-256 checksum when it is copied off the card, and again when it reaches the archive. A mismatch stops the copy.',
      ),
      p('The script is in the Data team’s files and runs on the field laptops without a network.'),
    ),
    comments: [['mei', 'Used it all season. It caught one bad copy from a failing card reader.']],
  },
  // mei: forecasts, phenology and the grasslands.
  {
    author: 'mei',
    title: 'Green-up at Harvard Forest: the phenocam saw it before the leaves did',
    on: '05-20',
    yearsBack: 1,
    tags: ['phenology', 'forecasting'],
    objects: ['harvard-forest', 'har-environmental-measurement-station'],
    team: 'forecasting',
    doc: doc(
      p(
        'The canopy greenness from the phenocam on the Environmental Measurement Station tower started to rise six days before the field crew recorded the first open leaves on the marked trees. Bud swelling and the first red of opening buds already change the colour of the canopy.',
      ),
      p(
        'For the forecasts that is fine: we forecast the greenness, not the leaves. For comparing with the old field records it is not, and we need a calibration between the two.',
      ),
    ),
    comments: [
      ['ada', 'Pollen traps have the same issue with flowering: they catch the first pollen before anyone sees the first flower.'],
      ['grace', 'Are the old field records on the same trees? Then the calibration is straightforward.'],
      ['mei', 'Mostly the same trees, yes, marked since the 1990s.'],
      ['tomas', 'Does the six days change with the species mix in view of the camera?'],
      ['mei', 'It does: red oak shows it later than red maple. We split the view into regions per species.'],
      ['ada', 'That would make a nice methods note of its own.'],
    ],
  },
  {
    author: 'mei',
    title: 'Spruce confuses the greenness signal at Bartlett',
    on: '06-11',
    yearsBack: 1,
    tags: ['phenology', 'methods'],
    objects: ['bar-cave-mountain-spruce', 'bartlett'],
    doc: doc(
      p(
        'The Bartlett phenocam looks over hardwoods mixed with red spruce. The evergreen spruce adds a constant green that dampens the spring rise, so the same leaf-out gives a smaller signal than at Harvard.',
      ),
      p('Masking the spruce crowns in the image helps; the forecast model then sees a curve like the hardwood sites.'),
    ),
    comments: [
      ['grace', 'Is the mask in the data set? Anyone reusing the greenness series will need it.'],
      ['mei', 'It will be, as an image file with the region definitions.'],
      ['ada', 'Spruce would be a nice control for snow and light, since it does not leaf out.'],
    ],
  },
  {
    author: 'mei',
    title: 'Late frost after early leaf-out at Prospect Hill',
    on: '05-25',
    yearsBack: 0,
    tags: ['phenology'],
    objects: ['har-prospect-hill-tract'],
    doc: doc(
      p(
        'After a warm April the oaks on the Prospect Hill tract leafed out early, and a night at −3 °C in mid-May killed the young leaves on the upper slopes. The canopy went from green back to brown in two days.',
      ),
      p(
        'The trees will leaf out again from reserve buds, but later and with smaller leaves. Our forecasts had no way to expect the drop; frost damage is not in the model.',
      ),
    ),
    comments: [
      ['ada', 'We see the same in larch above Davos some years. The second flush is always paler.'],
      ['grace', 'Should the frost night be flagged in the greenness series, or is it real signal?'],
      ['mei', 'It is real signal, not an error, so no flag. A note in the series’ events instead.'],
      ['tomas', 'Lower slopes were spared? Cold air should pool down there, not up.'],
    ],
  },
  {
    author: 'mei',
    title: 'Our autumn forecast intervals are too narrow',
    on: '11-10',
    yearsBack: 1,
    tags: ['forecasting', 'phenology'],
    objects: ['harvard-forest', 'bartlett'],
    team: 'forecasting',
    doc: doc(
      p(
        'Scoring the autumn forecasts of canopy colour shows the observed greenness outside our 90 % intervals on a third of the days at both sites. The spring forecasts are well calibrated; the autumn ones are overconfident.',
      ),
      p(
        'Autumn colour depends on drought and on early frost, neither of which is in the model. Wider process noise in autumn is the quick fix; the drivers are the real one.',
      ),
    ),
    comments: [
      ['grace', 'Could the scores go into the project page as a figure? It is a good example of why we score.'],
      ['tomas', 'Soil moisture from the NEON sensors could be the drought driver.'],
      ['mei', 'Yes, that is the first thing we will try.'],
    ],
  },
  {
    author: 'mei',
    title: 'Chlorophyll spike at Vernalis: bloom or fouled sensor?',
    on: '08-09',
    yearsBack: 1,
    tags: ['chlorophyll', 'data-quality'],
    objects: ['dwr-sjr'],
    doc: doc(
      p(
        'The chlorophyll series at the San Joaquin River near Vernalis tripled over nine days in late July and fell back overnight when the sensor was cleaned. A real bloom does not end at a maintenance visit.',
      ),
      p(
        'The slow rise with a sharp drop at cleaning is the signature of biofouling on the optical window. We flag such runs rather than delete them, so the forecasts can be scored both ways.',
      ),
    ),
    comments: [
      ['grace', 'The maintenance log for that station is public; matching the drops against it could be automated.'],
      ['mei', 'Good idea. That would catch most of them.'],
      ['tomas', 'Were there blooms upstream at the same time? Then part of the rise could be real.'],
      ['mei', 'Nothing upstream, and the turbidity stayed flat.'],
      ['ada', 'Do the forecasts trained on the unflagged series learn to predict fouling?'],
    ],
    update: { daysLater: 20, text: 'Update: the flagging now runs against the maintenance log automatically and found 14 more fouled runs at three stations.' },
  },
  {
    author: 'mei',
    title: 'Willamette chlorophyll follows discharge with a two-week lag',
    on: '09-15',
    yearsBack: 0,
    tags: ['chlorophyll', 'forecasting'],
    objects: ['usgs-14211720', 'usgs-14211010'],
    team: 'forecasting',
    doc: doc(
      p(
        'At the Willamette River at Portland, chlorophyll rises about two weeks after discharge falls below its early-summer level, year after year. Slower water is warmer and clearer, and the algae have time to grow before they are washed downstream.',
      ),
      p('The Clackamas, a tributary, shows no such lag: it stays cold and fast all summer.'),
    ),
    comments: [
      ['grace', 'The lagged discharge is easy to add as a driver, since it is already observed.'],
      ['mei', 'Exactly. It costs nothing and helps from day one of the forecast.'],
      ['tomas', 'Do the reservoirs upstream change the timing in dry years?'],
    ],
  },
  {
    author: 'mei',
    title: 'Persistence is hard to beat in the first three days',
    on: '06-30',
    yearsBack: 1,
    tags: ['forecasting', 'chlorophyll'],
    objects: ['usgs-05586300', 'usgs-01463500'],
    team: 'forecasting',
    doc: doc(
      p(
        'After a year of daily scores, tomorrow’s chlorophyll is best forecast as today’s at most sites: persistence has the lowest CRPS up to a three-day horizon. From day four on the state-space model wins at 12 of the 15 sites.',
      ),
      p('The Illinois River at Florence is the exception where the model wins from day two, because chlorophyll there follows water temperature closely.'),
    ),
    comments: [
      ['grace', 'Is the ensemble of the two better than either?'],
      ['mei', 'Slightly, at every horizon. The weights shift towards the model as the horizon grows.'],
      ['ada', 'The same is true of pollen forecasts, I am told: persistence rules the first days.'],
      ['tomas', 'And at the Delaware at Trenton?'],
    ],
    update: { daysLater: 45, text: 'Update: at the Delaware River at Trenton the model wins from day five; tidal influence makes the series noisier.' },
  },
  {
    author: 'mei',
    title: 'Ground control that stays put: drone flights over the Toolik terrace',
    on: '08-28',
    yearsBack: 1,
    tags: ['drones', 'methods'],
    objects: ['too-shrub-tundra-terrace', 'toolik'],
    team: 'field-team',
    doc: doc(
      p(
        'Painted plywood targets moved with the frost every winter, so the orthomosaics of different years did not line up to better than 10 cm. This summer we set twelve steel rods a metre deep into the permafrost and measured them with the GNSS receiver.',
      ),
      p('The rods stay frozen in, so next year’s flights can be aligned to the same points within 2 cm.'),
    ),
    comments: [
      ['grace', 'Could the rod coordinates go into the catalogue as points under the site? Then every flight can refer to them.'],
      ['mei', 'Yes, I will add them as plots of the terrace.'],
      ['ada', 'Did any rod hit rock before a metre?'],
    ],
  },
  {
    author: 'mei',
    title: 'Active-layer probing at Imnavait Creek',
    on: '08-18',
    yearsBack: 0,
    tags: ['permafrost'],
    objects: ['too-imnavait-creek'],
    doc: doc(
      p(
        'We probed the thaw depth along the Imnavait Creek water tracks: 70 cm in the water tracks, 40 cm in the tussocks beside them. Moving water carries heat down into the ground and the tracks thaw first.',
      ),
      p('The tracks also hold the tallest shrubs in the catchment, which fits the terrace results.'),
    ),
    comments: [
      ['grace', 'Please use the same probe protocol as at Stordalen, so the two sites compare.'],
      ['mei', 'Same protocol, same steel probe length. I brought one back from Abisko.'],
    ],
  },
  {
    author: 'mei',
    title: 'Drought legacy in the tallgrass: watershed 1D is still behind',
    on: '07-12',
    yearsBack: 0,
    tags: ['soil', 'phenology'],
    objects: ['kon-watershed-1d', 'kon-rainout-shelter-block'],
    doc: doc(
      p(
        'Two years after the shelters came down, the tallgrass plots of the drought experiment still produce about 20 % less biomass than the controls. The shortgrass plots recovered in one season.',
      ),
      p('The dominant tall grasses lost many of their buds below ground in the drought, and buds, not rain, now limit regrowth.'),
    ),
    comments: [
      ['ada', 'Is that bud bank counted, or inferred?'],
      ['mei', 'Counted: we dug up soil blocks in spring and counted buds on the rhizomes.'],
      ['grace', 'The bud counts would make a good addition to the published data set.'],
      ['tomas', 'Does burning every year make it worse on 1D?'],
    ],
  },
  {
    author: 'mei',
    title: 'Bison wallows are soil-moisture hotspots',
    on: '06-24',
    yearsBack: 1,
    tags: ['soil', 'grazing'],
    objects: ['kon-bison-pasture-uplands'],
    doc: doc(
      p(
        'Wallows, the bare hollows where bison roll, hold water for days after rain on the uplands. Our probes in twelve wallows read 10 to 15 % more soil moisture than the grass around them through June.',
      ),
      p(
        'Different plants grow in them: annual forbs and sedges rather than the tall grasses. On a landscape scale they add patches of wet habitat to dry uplands.',
      ),
    ),
    comments: [
      ['ada', 'Do old wallows stay as hollows after the bison leave?'],
      ['mei', 'For decades. You can still find them in pastures where bison were gone for a century.'],
      ['grace', 'Would the wallows be worth mapping from the drone?'],
    ],
  },
  {
    author: 'mei',
    title: 'Kings Creek ran dry for forty days',
    on: '09-05',
    yearsBack: 1,
    tags: ['sensors', 'fieldwork'],
    objects: ['kon-kings-creek'],
    doc: doc(
      p(
        'The gauge on Kings Creek recorded no flow for forty days in late summer, the longest dry spell since the drought experiment started. Only the spring-fed pools below the weir held water.',
      ),
      p('The pressure sensor in the dry channel reported air temperature in water depth units; those readings are flagged.'),
    ),
    comments: [
      ['grace', 'Could the sensor report “dry” as a status rather than a value? That would save the flagging.'],
      ['mei', 'The new loggers can; the old ones cannot. We replace them next year.'],
    ],
  },
  {
    author: 'mei',
    title: 'Snow fence drifts set the growing season on the Niwot Saddle',
    on: '07-18',
    yearsBack: 1,
    tags: ['snow', 'phenology'],
    objects: ['niw-saddle-grid', 'niwot-ridge'],
    doc: doc(
      p(
        'Behind the snow fence on the Saddle, drifts lie a month longer than in the open grid. Plants there flower three to four weeks later and the moist meadow species have spread into what was dry meadow.',
      ),
      p('The fence is an experiment in what more winter snow would do, and its answer is: more water, a shorter season, and different plants.'),
    ),
    comments: [
      ['ada', 'That matches our hollows at Sertig: late snow, late start, fewer seedlings.'],
      ['grace', 'The Weissfluhjoch snow record would make a good comparison for the drift years.'],
      ['tomas', 'How long has the fence been up?'],
    ],
  },
  {
    author: 'mei',
    title: 'The flux tower footprint at the subalpine forest',
    on: '02-12',
    yearsBack: 0,
    tags: ['methods', 'sensors'],
    objects: ['niw-subalpine-forest-flux-tower'],
    visibility: 'signed-in',
    doc: doc(
      p(
        'With the westerly winds that dominate at the subalpine forest tower, 80 % of the measured flux comes from a strip up to 400 m upwind. Our vegetation plots lie inside it only on the western side.',
      ),
      p('For comparing plot data with the tower, only the western plots should be used, or the eastern ones weighted by how often the wind comes from there.'),
    ),
    comments: [
      ['ada', 'Does the footprint change much with season?'],
      ['mei', 'In winter it stretches further: stronger winds, a more stable air layer at night.'],
    ],
  },
  {
    author: 'mei',
    title: 'Forecast runs failed on gaps in the weather ensemble',
    on: '04-07',
    yearsBack: 0,
    tags: ['forecasting', 'data-quality'],
    objects: ['harvard-forest', 'bartlett'],
    visibility: 'members',
    team: 'forecasting',
    doc: doc(
      p(
        'Three mornings in a row the green-up forecasts did not run: the weather ensemble files were missing members for the first forecast hours. The pipeline stopped instead of using the members that were there.',
      ),
      ul(
        'Run with the members available when at least 20 of 31 arrived',
        'Record the number of members in the forecast metadata',
        'Alert us when fewer than 20 arrive',
      ),
    ),
    comments: [
      ['tomas', 'I can change the pipeline this week. Should a partial run be marked in the file name too?'],
      ['mei', 'In the metadata is enough; the file names are fixed by the challenge.'],
    ],
  },
  {
    author: 'mei',
    title: 'Drop the fouled July run at Vernalis from the scores?',
    on: '08-26',
    yearsBack: 0,
    tags: ['chlorophyll', 'forecasting', 'data-quality'],
    objects: ['dwr-sjr', 'dwr-mho'],
    visibility: 'members',
    team: 'forecasting',
    doc: doc(
      p(
        'The fouled run at Vernalis makes every model look bad for two weeks. I would report scores with and without flagged observations, and use the ones without for choosing the ensemble weights.',
      ),
      p('Objections before the monthly report?'),
    ),
    comments: [['tomas', 'None from me, as long as both versions are in the report.']],
  },
  {
    author: 'mei',
    title: 'Drone batteries and the cold at Toolik',
    on: '06-02',
    yearsBack: 0,
    tags: ['drones', 'fieldwork'],
    objects: ['too-shrub-tundra-terrace'],
    visibility: 'members',
    team: 'field-team',
    doc: doc(
      p(
        'On cold mornings at Toolik the drone batteries lost a third of their capacity. Kept in an insulated box with a hand warmer until take-off, they gave the full 25 minutes.',
      ),
      p('We need four more batteries for the terrace to be flown in one morning, before the wind picks up.'),
    ),
    comments: [
      ['ada', 'The field team budget has room for them. Order them with the tags.'],
      ['mei', 'Done, thanks.'],
    ],
  },
  {
    author: 'mei',
    title: 'Draft: figures for the drought recovery paper',
    on: '01-08',
    yearsBack: 0,
    tags: ['soil'],
    objects: ['kon-rainout-shelter-block'],
    visibility: 'members',
    doc: doc(
      p(
        'Figure 1: biomass by year and treatment, both grasslands side by side. Figure 2: bud counts against biomass in the recovery year. Figure 3: soil moisture under the shelters against the controls.',
      ),
      p('Still missing: the rainfall of the recovery year against the long-term mean.'),
    ),
  },
  {
    author: 'mei',
    title: 'Tom Swamp: a wet spring delays the red maples',
    on: '05-30',
    yearsBack: 0,
    tags: ['phenology', 'soil'],
    objects: ['har-tom-swamp-tract', 'har-black-gum-swamp'],
    doc: doc(
      p(
        'Red maples in the Tom Swamp tract leafed out nine days after those on the upland, and at Black Gum Swamp almost two weeks after. The water table stood at the surface until mid-May.',
      ),
      p('Cold, waterlogged soil slows the roots, and the canopy waits for them. Our model treats the whole forest alike; swamps may need their own curve.'),
    ),
    comments: [
      ['ada', 'Do the swamp maples also colour earlier in autumn?'],
      ['mei', 'They do, by about a week. A shorter season at both ends.'],
    ],
  },
  {
    author: 'mei',
    title: 'A cleaning schedule for the Delta chlorophyll sensors',
    on: '03-14',
    yearsBack: 1,
    tags: ['chlorophyll', 'methods', 'sensors'],
    objects: ['dwr-gle', 'dwr-mls', 'dwr-oh1'],
    visibility: 'signed-in',
    doc: doc(
      p(
        'From the fouling runs we flagged, the optical windows at the Delta stations foul within ten days in summer and within a month in winter. The current monthly cleaning is too rare from June to September.',
      ),
      ul('Weekly cleaning from June to September', 'Monthly the rest of the year', 'A photo of the window before each cleaning, for the record'),
    ),
    comments: [
      ['grace', 'The photos should go with the maintenance log, one per visit and station.'],
      ['tomas', 'Wipers on the sensors would save a lot of trips. Are they allowed on these stations?'],
      ['mei', 'Two of the stations have them already; they foul less but still do.'],
    ],
  },
];

export interface PlannedComment {
  author: DemoCommenter;
  content: string;
  at: Date;
}

export interface PlannedInsight extends DemoInsight {
  createdAt: Date;
  updatedAt: Date;
  comments: [DemoCommenter, string][];
  plannedComments: PlannedComment[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The day `on` ("MM-DD") last came before `now` (a midnight), `yearsBack` years earlier, at a working hour. */
function dayOf(now: Date, on: string, yearsBack: number, hour: number): Date {
  const [month, day] = on.split('-').map(Number) as [number, number];
  let year = now.getUTCFullYear();
  if (Date.UTC(year, month - 1, day) >= now.getTime()) year--;
  return new Date(Date.UTC(year - yearsBack, month - 1, day) + hour * HOUR_MS);
}

/**
 * The insights with their dates and their comments' times, drawn from a generator per
 * title: comments a few hours to a few days apart after the insight, squeezed in before
 * `now` when the insight is recent; an update some weeks later, before `now` too.
 */
export function planDemoInsights(now: Date): PlannedInsight[] {
  const latest = now.getTime() - HOUR_MS;
  return DEMO_INSIGHTS.map((insight) => {
    const random = createRandom(insight.title);
    const createdAt = dayOf(now, insight.on, insight.yearsBack, random.between(7, 18));
    const comments = insight.comments ?? [];
    let offset = 0;
    const offsets = comments.map(() => (offset += random.between(2, 96) * HOUR_MS));
    const room = latest - createdAt.getTime();
    const scale = offset > room ? room / (offset + HOUR_MS) : 1;
    const plannedComments = comments.map(([author, content], i) => ({ author, content, at: new Date(createdAt.getTime() + Math.round(offsets[i]! * scale)) }));
    const updatedAt = insight.update ? new Date(Math.min(createdAt.getTime() + insight.update.daysLater * DAY_MS, latest)) : createdAt;
    return { ...insight, comments, createdAt, updatedAt, plannedComments };
  });
}
