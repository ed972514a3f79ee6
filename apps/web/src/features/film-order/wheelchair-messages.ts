import { defineMessages } from '@/lib/i18n/i18n';

/** What a wheelchair space is, said when one is tapped, and its companion seat. */
export const wheelchairMessages = defineMessages(
  {
    title: '无障碍座（轮椅位）',
    explain:
      '{seat} 是为轮椅使用者预留的位置：没有固定座椅，轮椅可以直接停放。需要帮助时，入场时告诉工作人员。',
    companion: '旁边的 {seat} 是陪同座，同行的人可以坐在你身边。',
    noCompanion: '这个轮椅位旁边没有陪同座。',
    otherCompanion: '同排的轮椅位 {seat} 旁边有陪同座 {companion}。',
    chooseBoth: '选轮椅位和陪同座 {seat}',
    chooseAlone: '只选轮椅位',
    choose: '选这个轮椅位',
    cancel: '不选了',
  },
  {
    title: 'Wheelchair space',
    explain:
      '{seat} is kept for a wheelchair user: no fixed seat, room to park the wheelchair. If you need a hand, tell the staff at the entrance.',
    companion: '{seat} beside it is a companion seat, so someone with you can sit next to you.',
    noCompanion: 'This wheelchair space has no companion seat beside it.',
    otherCompanion: 'Wheelchair space {seat} in the same row has companion seat {companion}.',
    chooseBoth: 'Choose it with companion seat {seat}',
    chooseAlone: 'Only the wheelchair space',
    choose: 'Choose this wheelchair space',
    cancel: 'Not now',
  },
);
