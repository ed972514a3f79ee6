/**
 * The demo films: invented titles, people and stories (no real film's material). `releaseInDays`
 * is relative to the day the demo data is loaded: negative means already showing.
 */
export interface DemoFilm {
  title: string;
  genres: string[];
  durationMinutes: number;
  releaseInDays: number;
  rating: number | null;
  synopsis: string;
  director: string;
  cast: { name: string; role: string }[];
  country: string;
  language: string;
  /** Two colours of the poster's gradient. */
  posterColors: [string, string];
}

export const demoFilms: DemoFilm[] = [
  {
    title: '星河归途',
    genres: ['科幻', '冒险'],
    durationMinutes: 128,
    releaseInDays: -12,
    rating: 9.1,
    synopsis:
      '2087 年，货运飞船“归途号”在木星轨道失去动力。年轻的领航员林澈必须带着六名船员，用最后一点燃料穿越小行星带回家。',
    director: '陈远舟',
    cast: [
      { name: '许嘉言', role: '林澈' },
      { name: '苏晚晴', role: '舰长 何岚' },
      { name: '周牧', role: '工程师 老鲁' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#0f172a', '#6366f1'],
  },
  {
    title: '长安夜雨',
    genres: ['悬疑', '古装'],
    durationMinutes: 117,
    releaseInDays: -20,
    rating: 8.6,
    synopsis:
      '天宝年间的一场夜雨里，西市胡商离奇身亡。不良帅裴九只有三天时间，在上元灯会之前找出真凶。',
    director: '顾青禾',
    cast: [
      { name: '沈以安', role: '裴九' },
      { name: '唐知意', role: '琵琶女 阿萝' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#1c1917', '#b91c1c'],
  },
  {
    title: '熊猫小队大冒险',
    genres: ['动画', '家庭', '喜剧'],
    durationMinutes: 96,
    releaseInDays: -5,
    rating: 8.9,
    synopsis:
      '竹林里最爱睡觉的熊猫团团，意外当上了森林救援小队队长。为了找回被冲走的竹筏，小队踏上了第一次远行。',
    director: '米小禾',
    cast: [
      { name: '林朵朵', role: '团团（配音）' },
      { name: '赵大伟', role: '山羊教练（配音）' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#14532d', '#86efac'],
  },
  {
    title: '最后一班地铁',
    genres: ['爱情', '剧情'],
    durationMinutes: 108,
    releaseInDays: -30,
    rating: 8.2,
    synopsis: '每晚 23:05，两个陌生人在同一节车厢相遇。一个要去城市的尽头，一个想回到十年前。',
    director: '叶知秋',
    cast: [
      { name: '江屿', role: '程默' },
      { name: '白露', role: '夏知' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#312e81', '#f472b6'],
  },
  {
    title: '深海回声',
    genres: ['灾难', '动作'],
    durationMinutes: 134,
    releaseInDays: -8,
    rating: 7.9,
    synopsis: '南海深处的科考站遭遇海底地震，潜航员方野要在氧气耗尽前带回被困的十一名科学家。',
    director: '韩峥',
    cast: [
      { name: '高昂', role: '方野' },
      { name: '秦雨桐', role: '海洋学家 宋芮' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#082f49', '#22d3ee'],
  },
  {
    title: '笑声快递',
    genres: ['喜剧'],
    durationMinutes: 101,
    releaseInDays: -3,
    rating: 7.5,
    synopsis:
      '快递员大壮接到一单奇怪的任务：把一只会说话的鹦鹉在 24 小时内送到一千公里外的婚礼现场。',
    director: '马一鸣',
    cast: [
      { name: '王大力', role: '大壮' },
      { name: '李笑笑', role: '新娘 小芸' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#ea580c', '#fde047'],
  },
  {
    title: '风起敦煌',
    genres: ['历史', '剧情'],
    durationMinutes: 142,
    releaseInDays: -25,
    rating: 8.8,
    synopsis: '1900 年，莫高窟藏经洞重见天日。年轻画工与老道士为守住千年经卷，与四方来客周旋。',
    director: '孟西岭',
    cast: [
      { name: '陆川行', role: '画工 阿沙' },
      { name: '郑怀远', role: '王道士' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#78350f', '#fbbf24'],
  },
  {
    title: '雪山救援',
    genres: ['动作', '冒险'],
    durationMinutes: 121,
    releaseInDays: -15,
    rating: 8.0,
    synopsis: '暴风雪封山，七名登山者失联。退役救援队员卓玛与儿子重返雪线，带回每一个人。',
    director: '扎西平措',
    cast: [
      { name: '央金', role: '卓玛' },
      { name: '陈朗', role: '登山队长 许峰' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#0c4a6e', '#e0f2fe'],
  },
  {
    title: '明日回响',
    genres: ['科幻', '悬疑'],
    durationMinutes: 113,
    releaseInDays: -10,
    rating: 7.7,
    synopsis: '一位声音工程师在旧磁带里听到了明天的新闻。她只有一天时间，阻止一场还没发生的事故。',
    director: 'Mara Ellison',
    cast: [
      { name: 'June Calloway', role: 'Nora Hale' },
      { name: 'Theo Brandt', role: 'Detective Sam Reyes' },
    ],
    country: '美国',
    language: '英语',
    posterColors: ['#111827', '#a3e635'],
  },
  {
    title: '月球邮差',
    genres: ['科幻', '喜剧'],
    durationMinutes: 105,
    releaseInDays: 10,
    rating: null,
    synopsis: '月球基地唯一的邮差老周，要在退休前送完最后一封来自地球的信——收件人却查无此人。',
    director: '陈远舟',
    cast: [
      { name: '周牧', role: '老周' },
      { name: '林朵朵', role: '机器人 小邮' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#1e1b4b', '#e5e7eb'],
  },
  {
    title: '外婆的夏天',
    genres: ['家庭', '剧情'],
    durationMinutes: 99,
    releaseInDays: 18,
    rating: null,
    synopsis: '十岁的小满被送到江南外婆家过暑假。一个夏天，一座老院子，三代人终于说出了心里话。',
    director: '叶知秋',
    cast: [
      { name: '宋春华', role: '外婆' },
      { name: '小米粒', role: '小满' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#365314', '#fef08a'],
  },
  {
    title: '黑猫侦探社',
    genres: ['动画', '悬疑'],
    durationMinutes: 92,
    releaseInDays: 30,
    rating: null,
    synopsis: '城里的路灯一盏盏熄灭，黑猫侦探煤球和它的老鼠助手决定查个水落石出。',
    director: '米小禾',
    cast: [
      { name: '赵大伟', role: '煤球（配音）' },
      { name: '唐知意', role: '芝士（配音）' },
    ],
    country: '中国',
    language: '国语',
    posterColors: ['#18181b', '#a855f7'],
  },
];
