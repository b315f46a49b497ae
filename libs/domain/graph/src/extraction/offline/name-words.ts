// Words that shape a name: what may stand inside one, what ends it, what is dropped before it
// and what is no name at all (mentions.ts and the name-*.ts files read them).

/**
 * Lowercase particles inside names: Leonardo da Vinci, Guido van Rossum, Ngũgĩ wa Thiong'o, University of Oslo,
 * Office for Metropolitan Architecture, Confeitaria do Bolhão, Hartley & Moss.
 */
export const NAME_PARTICLES = new Set([
  'of',
  'for',
  'da',
  'de',
  'del',
  'der',
  'di',
  'do',
  'dos',
  'das',
  'du',
  'van',
  'von',
  'wa',
  'bin',
  'bint',
  'ibn',
  'ter',
  'ten',
  'zu',
  'la',
  'des',
  'della',
  'delle',
  'degli',
  'dei',
  'le',
  'y',
  // ("Instituto Nacional de Antropología e Historia", "Ciência e Tecnologia".)
  'e',
  '&',
  '+',
]);
/** The article of a two-word particle, after one of NAME_PARTICLES: "de la", "van der", "de los". */
export const ARTICLE_PARTICLES = new Set(['la', 'le', 'les', 'los', 'las', 'der', 'den', 'des', 'het']);

/** Articles written with a hyphen onto the word after them: "Qasr al-Nakhil", "Ahmed el-Sayed". */
export const HYPHENED_ARTICLES = new Set(['al', 'el', 'ul', 'ad', 'ar', 'as', 'ash', 'az']);

/** Degrees written as capitals. */
export const DEGREES = new Set([
  'phd',
  'mba',
  'msc',
  'bsc',
  'ma',
  'ba',
  'llm',
  'llb',
  'mphil',
  'dphil',
  'btech',
  'mtech',
  'beng',
  'meng',
  'bcom',
  'mfa',
  'bfa',
]);
/** A company's departments, which "Tomasz from IT" names, not a company. */
export const DEPARTMENTS = new Set([
  'it',
  'hr',
  'legal',
  'finance',
  'sales',
  'marketing',
  'engineering',
  'support',
  'operations',
  'procurement',
  'accounts',
  'accounting',
  'security',
  'facilities',
  'design',
  'product',
]);

/** Whether a word is a degree, written with stops or not: "PhD", "B.Tech", "M.Sc.". */
export const isDegree = (word: string): boolean => DEGREES.has(word.toLowerCase().replace(/\./g, ''));
/** Officers' titles compromise does not list as roles. */
export const ROLE_ABBREVIATIONS = new Set([
  'ceo',
  'cto',
  'cfo',
  'coo',
  'cio',
  'ciso',
  'vp',
  'md',
  'sre',
  'dba',
  'cmo',
  'cpo',
]);
/** Functions written in capitals before a role ("QA lead", "IT admin", "HR manager"): no names. */
export const FUNCTION_WORDS = new Set([
  'it',
  'qa',
  'hr',
  'sre',
  'devops',
  'ux',
  'ui',
  'pr',
  'bi',
  'ops',
  'noc',
  'soc',
  'dba',
  'crm',
  'erp',
  'seo',
  // (Departments: "Field technician Filipe Carvalho", "Support Engineer, TillPoint Systems".)
  'field',
  'support',
  'sales',
  'marketing',
  'finance',
  'legal',
  'security',
  'operations',
  'infrastructure',
  'technical',
  'customer',
  'senior',
  'junior',
  'principal',
]);
/** Words a ticket or a report labels its fields with, never a name on their own: "Ticket #4471:", "Product: …". */
export const DOCUMENT_LABELS = new Set([
  // A fact sheet's fields (infobox.ts): "Born:", "Headquarters:", "Employees:".
  'born',
  'died',
  'headquarters',
  'founded',
  'employees',
  'occupation',
  'spouse',
  'children',
  'education',
  'residence',
  'nationality',
  'industry',
  'revenue',
  'website',
  'ticket',
  'title',
  'subject',
  'issue',
  'bug',
  'incident',
  'case',
  'summary',
  'postmortem',
  'report',
  'request',
  're',
  'fwd',
  'fw',
  'priority',
  'status',
  'product',
  'reporter',
  'assignee',
  'severity',
  'customer',
  'client',
  'contact',
  'requester',
  'requestor',
  'caller',
  'owner',
  'agent',
  'environment',
  'platform',
  // ("Company: Harbourline Freight Ltd, Cork")
  'company',
  'organization',
  'organisation',
  // A bug report's and a ticket's sections: "Steps: share a calendar …", "Expected:", "Resolution:".
  'steps',
  'description',
  'expected',
  'actual',
  'resolution',
  'workaround',
  'impact',
  'category',
  'component',
  'version',
  'device',
  'browser',
  'symptoms',
  'details',
  'update',
  'comment',
  'comments',
  'notes',
  'attachments',
]);
/** Last words of a unit inside an organisation, whose people are its members and whose lead leads it. */
export const UNIT_NOUNS = new Set([
  'team',
  'group',
  'squad',
  'crew',
  'unit',
  'department',
  'desk',
  'committee',
  'lab',
]);
/** Words that make a leader's title a deputy's: "deputy mayor", "Vice President". */
export const DEPUTIES = new Set(['vice', 'deputy', 'assistant', 'associate']);
/**
 * Functions whose head works under the one who leads: "Lumicore's design chief", "its creative
 * director", "operations chief Lars Holm" (not "artistic director", who runs a theatre).
 */
export const FUNCTION_HEADS = new Set([
  'creative',
  'commercial',
  'buying',
  'design',
  'operations',
  'marketing',
  'sales',
  'finance',
  'financial',
  'technical',
  'technology',
  'research',
  'communications',
  'editorial',
  'engineering',
  'product',
  'security',
]);
/** Whether the word before a leader's title makes it a post under the leader. */
export const underLeader = (word: string | undefined): boolean =>
  word !== undefined && (DEPUTIES.has(word) || FUNCTION_HEADS.has(word));

/** Words of hyphenated titles besides compromise's role nouns: Secretary-General, Director-General. */
export const ROLE_PARTS = new Set([
  'general',
  'secretary',
  'director',
  'chief',
  'vice',
  'president',
  'minister',
  'officer',
]);
/** Plural nouns for a share of an organisation or place, which open sentences, not names. */
export const QUANTITY_HEADS = new Set([
  'shares',
  'sales',
  'profits',
  'revenues',
  'prices',
  'stocks',
  'units',
  'customers',
  'users',
  'employees',
  'workers',
  'investors',
  'fans',
  'residents',
  'officials',
  'parts',
]);
/** Seasons, which wink reads as dates even when they open a name ("Winter Storm Uri"). */
export const SEASONS = new Set(['spring', 'summer', 'autumn', 'fall', 'winter']);
/** Honorifics dropped from a person's name (Lord, Sir, Queen stay part of it). */
export const DROPPED_HONORIFICS = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'prof',
  'mme',
  'mx',
  'fr',
  'rev',
  'revd',
]);
/**
 * Titles written before a person's name that compromise does not list as roles ("General Oreste
 * Baratieri", "Coach Maria Lopez"); with its role words (Chef, Captain, Professor, …) they are
 * dropped before a first and last name.
 */
export const NAME_TITLES = new Set([
  'general',
  'king',
  'coach',
  'judge',
  'senator',
  'governor',
  'justice',
  'admiral',
  // ("Chair Harriet Lowe said …", "Chairman Rajiv Malhotra told analysts …")
  'chair',
  'chairman',
  'chairwoman',
  'chairperson',
  'treasurer',
]);
/** Titles of rank and office written before a person's names: "Sir Alex Ferguson", "Lord Justice …". */
export const RANKS = new Set(['sir', 'dame', 'lord', 'vice-chancellor', 'chancellor', 'founder']);
/** Rulers' titles, dropped before the name they rule by ("Emperor Menelik II"). */
export const RULER_TITLES = new Set([
  'emperor',
  'empress',
  'tsar',
  'tsarina',
  'sultan',
  'shah',
  'pharaoh',
  'kaiser',
]);

/**
 * A player's or a maker's part written as a title before their name ("Drummer Hrafn Ólafsson",
 * "Singer Eilidh Munro"), whatever first name follows.
 */
export const PART_TITLES = new Set([
  'singer',
  'drummer',
  'guitarist',
  'bassist',
  'pianist',
  'fiddler',
  'violinist',
  'vocalist',
  'keyboardist',
  'saxophonist',
  'trumpeter',
  'cellist',
  'conductor',
  'composer',
  'producer',
  'director',
  'architect',
  'designer',
  'novelist',
  'poet',
  'painter',
  'photographer',
  'actor',
  'actress',
]);
/** Institutions whose names go on after "of" ("Academy of Learning", "Institute of Applied Chemistry"). */
export const INSTITUTION_HEADS = new Set([
  'academy',
  'institute',
  'institution',
  'society',
  'university',
  'college',
  'school',
  'conservatory',
  'museum',
  'ministry',
  'department',
  'faculty',
  'association',
  'federation',
  'council',
  'bank',
  'guild',
  'league',
  'union',
  'alliance',
  'foundation',
  'chamber',
  'commission',
  // (In other languages: "Hochschule für Musik und Tanz Köln", "Universidad de Ciencias y Artes".)
  'hochschule',
  'universität',
  'akademie',
  'institut',
  'universidad',
  'universidade',
  'université',
  'università',
  'instituto',
  'istituto',
  'academia',
  'escuela',
  'escola',
  'école',
]);
/** A name that says its bearer teaches: "Kansai University", "Imperial College", "IIT Bombay", "Escola Sant Gervasi". */
export const SCHOOL_NAME =
  /(?<![\p{L}])(?:universi(?:ty|ties|tät|tat|té|tà|dad|dade|teit)|college|polytechnic|politecnico|school|academy|conservatory|conservatoire|iit|escola|escuela|école|gymnasium|lycée|tu|eth|mit|ucla|ucl|lse|kaist)(?![\p{L}])/iu;

/** Verbs of making a work whose title follows: "wrote Things Fall Apart", "directed Pather Panchali". */
export const TITLE_VERBS = new Set([
  'write',
  'compose',
  'direct',
  'paint',
  'publish',
  'record',
  'pen',
  'author',
  'co-write',
]);
/** Nouns for a work whose title follows: "her best-known collection, Salt and Ash". */
export const TITLE_NOUNS = new Set([
  'novel',
  'book',
  'memoir',
  'collection',
  'poem',
  'album',
  'song',
  'single',
  'film',
  'play',
  'opera',
  'symphony',
  'painting',
  'story',
  'sequel',
  'prequel',
  'documentary',
  'novella',
  'debut',
  'cookbook',
  'mural',
  'work',
  'ep',
  'lp',
  'feature',
  'monograph',
  'essay',
]);
/**
 * Nouns for a work: what a title after them names ("her collection, Salt and Ash"), what an
 * article's opening says its title is ("X is a 2019 French drama"), whose maker "by" names ("a 1966
 * novel by Tayeb Salih"), and what a name described as one is (a concept, not its maker).
 */
export const WORK_NOUNS = new Set([
  ...TITLE_NOUNS,
  'movie',
  'documentary',
  'drama',
  'comedy',
  'thriller',
  'musical',
  'series',
  'sitcom',
  'ballet',
  'game',
  'sculpture',
  'anthology',
  'novella',
  'essay',
  'podcast',
]);
/** Small words a title keeps between its capitalised ones: "Portrait of a Lady", "Season of Migration to the North". */
export const TITLE_JOINERS = new Set(['of', 'the', 'a', 'an', 'to']);
/** Kin written as a title before a first name ("Grandma Fumiko", "Uncle Raj"): dropped, as an honorific is. */
export const KIN_TITLES = new Set([
  'grandma',
  'grandpa',
  'granny',
  'grandad',
  'granddad',
  'nana',
  'aunt',
  'auntie',
  'uncle',
  'tía',
  'tia',
  'tío',
  'tio',
  'abuela',
  'abuelo',
  'tante',
  'oma',
  'opa',
  'aunty',
  'nonno',
  'nonna',
  'babcia',
  'dziadek',
  'vovó',
  'vovô',
  'avó',
  'avô',
  // (Filipino: "Tito Ramon", "Lola Pacing", "Kuya Miguel".)
  'tito',
  'tita',
  'lolo',
  'lola',
  'kuya',
  'zio',
  'zia',
]);
/** Words that open a message or a ticket's line before a name: "Hola Carmen", "Customer Haldor Marine ApS". */
export const OPENERS = new Set([
  'hi',
  'hello',
  'hey',
  'hola',
  'olá',
  'ola',
  'dear',
  'bonjour',
  'ciao',
  'hallo',
  'hej',
  'customer',
  'client',
]);
/** Words that close a letter before its writer's name: "Best, Oskar", "Love, Eilidh", "Besos, Valentina". */
export const CLOSINGS = new Set([
  'best',
  'love',
  'cheers',
  'thanks',
  'regards',
  'sincerely',
  'warmly',
  'yours',
  'hugs',
  'xoxo',
  'xx',
  'besos',
  'abrazos',
  'saludos',
  'bisous',
  'ciao',
  'groetjes',
  'pozdrawiam',
  'cordialement',
  'wishes',
]);
/** Words that end a company's legal name (compared without their final dot): "Fjellfly AS", "Banco Santander S.A.". */
export const CORPORATE_SUFFIXES = new Set([
  'inc',
  'corp',
  'corporation',
  'ltd',
  'llc',
  'llp',
  'plc',
  'gmbh',
  'ag',
  'sa',
  's.a',
  'nv',
  'n.v',
  'bv',
  'b.v',
  'spa',
  's.p.a',
  'srl',
  's.r.l',
  'ltda',
  'sp z o.o',
  's.r.o',
  'a.s',
  's.l',
  'se',
  'as',
  'a/s',
  'aps',
  'asa',
  'ab',
  'oy',
  'oyj',
  'kk',
  'pty',
  'pvt',
  'co',
  'company',
  'lda',
  'ltda',
  'sarl',
  'sas',
  'kft',
  'pte',
  'bhd',
  'sro',
  's.r.o',
]);
/**
 * Legal suffixes that are also English words or read as other parts of speech ("as", "se"): they
 * continue a name only written as a suffix is, in capitals or with its dots.
 */
export const SUFFIX_SPELLINGS =
  /^(?:AS|A\/S|ApS|ASA|AB|Oy|Oyj|KK|SE|NV|N\.V\.?|BV|B\.V\.?|SpA|S\.p\.A\.?|S\.A\.?|AG|Pty|Pvt\.?|Ltd\.?|Ltda\.?|Inc\.?|LLC|LLP|PLC|plc|GmbH|[Ss]p\. z o\.o\.|s\.r\.o\.?|a\.s\.?|S\.L\.?|S\.r\.l\.?|SRL)$/;

/**
 * First words that make a name an organisation's in Spanish, Portuguese, Italian and French:
 * "Grupo Altamira", "Banco Inter", "Companhia Vale", "Société Générale", "Gruppo Campari".
 */
export const ORGANIZATION_HEADS = new Set([
  'hotel',
  // Places to eat and drink by their first word: "Café Tortoni", "Restaurante Killa".
  'café',
  'cafe',
  'kafe',
  'bistro',
  'trattoria',
  'pizzeria',
  'restaurante',
  'restaurant',
  // Sports clubs: "Club Atlético Los Andes", "FC Porto", "Sporting Lisbon".
  'club',
  'clube',
  'fc',
  'cf',
  'sporting',
  'atlético',
  'athletic',
  'grupo',
  'gruppo',
  'groupe',
  'banco',
  'banca',
  'banque',
  'compañía',
  'companhia',
  'compagnie',
  'sociedad',
  'sociedade',
  'società',
  'société',
  'empresa',
  'empresas',
  'industrias',
  'industrie',
  'fundación',
  'fundação',
  'fondazione',
  'fondation',
  'cementos',
  'laboratorios',
  'laboratoire',
  'laboratoires',
  'cooperativa',
  'cooperativas',
  'coopérative',
  'federación',
  'federação',
  'fédération',
  'federazione',
  'asociación',
  'associação',
  'associazione',
  'aeropuertos',
  'aeroportos',
  'aeroporti',
  'transportes',
  'talleres',
  'bodegas',
  'cervecería',
  'cervejaria',
  'editorial',
  'editora',
  'clínica',
  'farmacia',
  'inmobiliaria',
  'brasserie',
  'distillerie',
  'fromagerie',
  'huilerie',
  'imprimerie',
  'laiterie',
  'parfumerie',
  'verrerie',
  'padaria',
  'pastelaria',
  'confeitaria',
  'livraria',
  'minera',
  'mineração',
  'boulangerie',
  'pâtisserie',
  'bäckerei',
  'brauerei',
  'weingut',
]);

/**
 * A first word of those shapes makes a name an organisation's: Spanish and Portuguese trades in
 * -dora ("Constructora Pacífico Norte", "Agroexportadora Los Andes", "Distribuidora Ruiz") and
 * Italian works in -ificio ("Lanificio Ferraris", "Oleificio Sabino"), Spanish shops in -ería
 * ("Tortillería La Espiga", "Panadería Ruiz"). Checked after the lexicon's
 * first names, so "Isadora" and "Theodora" stay people.
 */
export const ORGANIZATION_HEAD_SHAPE = /^[a-zà-ÿ]{2,}(?:[aei]dora|ificio|ería)$/;

/** Dashes that open a signature ("— Fiona Dunne") or an affiliation after a name ("X — Payroll, Karoo Mills"). */
export const DASHES = new Set(['—', '–', '--', '-']);

/** Sites an organisation has in a place (and whose "main campus sits in Meyrin", relations.ts). */
export const SITES = new Set([
  'office',
  'offices',
  'headquarters',
  'hq',
  'secretariat',
  'plant',
  'factory',
  'branch',
  'campus',
  'studio',
  'lab',
  'warehouse',
  'store',
  'depot',
  'facility',
  'site',
  'hub',
  'mill',
  'refinery',
  'centre',
  'center',
]);

/** Kinds of software, which may be "based" on another: "a Debian-based distribution". */
export const SOFTWARE_KINDS = new Set([
  'distribution',
  'distro',
  'system',
  'app',
  'application',
  'platform',
  'framework',
  'engine',
  'tool',
  'library',
  'firmware',
  'interface',
  'editor',
  'client',
  'server',
  'database',
  'language',
  'fork',
]);

/** Nouns for one's home: "Farid's new house in Mississauga", "sharing a flat in Hammersmith". */
export const HOMES = new Set(['house', 'flat', 'apartment', 'home', 'place']);
/** A time of work at an employer: "her first job at Stripe", "Kasia's new job at Zalando". */
export const WORK_SPELLS = [
  'career',
  'job',
  'postdoc',
  'fellowship',
  'placement',
  'apprenticeship',
  'traineeship',
  'shift',
  'stint',
  'tenure',
  'internship',
  'residency',
  'post',
  'position',
  'professorship',
  'lectureship',
  // ("found work at Toei Animation", "took up employment with …".)
  'work',
  'employment',
];

/**
 * Nouns for a company's own site, which "in" after says where the company is: "the Sahyadri
 * Analytics office in Hinjewadi" (a plant or a branch is named as a place of its own: "the Toyota
 * plant").
 */
export const COMPANY_SITES = new Set(['office', 'offices', 'headquarters', 'campus', 'studio']);
