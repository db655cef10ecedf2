import type { PopupLanguage } from '../popup-logic.js';

export interface PopupContent {
  title: string;
  when: string;
  where: string;
  schedule: { time: string; what: string; cancelled?: boolean }[];
  cancelledNote: string;
}

export const POPUP_CONTENT: Record<PopupLanguage, PopupContent> = {
  thai: {
    title: 'ปาร์ตี้ฮาโลวีน',
    when: 'วันที่ 31 ตุลาคม',
    where: 'อาคาร D (Building D)',
    schedule: [
      { time: '10:30', what: 'Trick or Treat เดินขอขนม' },
      { time: '16:00', what: 'เครื่องดื่มพิเศษ' },
      { time: '16:30', what: 'มอบรางวัล' },
      { time: '18:00-21:00', what: 'ดนตรีสด', cancelled: true },
    ],
    cancelledNote: 'ยกเลิก',
  },
  english: {
    title: 'Halloween Party',
    when: '31 October',
    where: 'Building D',
    schedule: [
      { time: '10:30', what: 'Trick or treat' },
      { time: '16:00', what: 'Drinks' },
      { time: '16:30', what: 'Prizes' },
      { time: '18:00-21:00', what: 'Live music', cancelled: true },
    ],
    cancelledNote: 'Cancelled',
  },
};
