/** About twenty short Thai cheers; the home screen shows one at random. */
export const HOME_MESSAGES = [
  'วันนี้ก็สู้ๆ นะ!',
  'พักดื่มอะไรอร่อยๆ กันเถอะ',
  'กาแฟแก้วนี้ เพื่อคุณ',
  'ยิ้มเยอะๆ วันนี้ต้องดีแน่',
  'เติมพลังก่อนลุยงานต่อ',
  'ทำงานเก่งมากเลย!',
  'ชาเย็นสักแก้วไหม?',
  'อย่าลืมดื่มน้ำด้วยนะ',
  'วันนี้คุณทำได้ดีแล้ว',
  'พักสายตาสักนิดนะ',
  'หวานน้อยหรือหวานมาก เลือกเลย!',
  'ขอให้เป็นวันที่สดใส',
  'งานหนักแค่ไหน ก็ต้องมีเวลาพัก',
  'ความสุขเล็กๆ อยู่ในแก้วนี้',
  'ขอบคุณที่ตั้งใจทำงานนะ',
  'เครื่องดื่มพร้อม ใจก็พร้อม',
  'ออกไปยืดเส้นยืดสายกันหน่อย',
  'คิดไม่ออก สั่งกาแฟก่อน',
  'สดชื่นรับวันใหม่',
  'เป็นกำลังใจให้เสมอ',
] as const;

export function randomMessage(random: () => number = Math.random): string {
  return HOME_MESSAGES[Math.floor(random() * HOME_MESSAGES.length)] ?? HOME_MESSAGES[0];
}

export type Season = 'summer' | 'rainy' | 'halloween' | 'winter';

/** Thai seasons by month (0 = January); October is Halloween. */
export function seasonOf(month: number): Season {
  if (month === 9) return 'halloween';
  if (month >= 2 && month <= 4) return 'summer';
  if (month >= 5 && month <= 8) return 'rainy';
  return 'winter';
}

export const SEASON_BACKGROUND: Record<Season, string> = {
  summer: 'linear-gradient(160deg, #7a3b00 0%, #b45309 55%, #d97706 100%)',
  rainy: 'linear-gradient(160deg, #0b3954 0%, #1d5c7a 55%, #2f7d8f 100%)',
  halloween: 'linear-gradient(160deg, #1a0b2e 0%, #4a1d5e 55%, #8a3b00 100%)',
  winter: 'linear-gradient(160deg, #1b2a41 0%, #324a5f 55%, #4b3b5e 100%)',
};
