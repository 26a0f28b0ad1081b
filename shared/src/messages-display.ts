/**
 * The venue display's zh-CN messages: the connection messages of spec 03 §8 as written, and what the
 * hub answers a socket or tells the operator.
 */
export const displayMessages = {
  connected: '连接成功',
  failed: '连接失败，请检查网络或服务器状态',
  serviceOff: '请开启服务',
  hub: {
    wrongKey: '控制密钥不正确',
    needKey: '需要控制密钥',
    previewReadOnly: '预览只读',
    screensOnly: '仅屏幕可发送',
    notPlaying: '该屏幕未在播放此品牌的视频',
    tooOften: '通知过于频繁，请稍后再试',
    badOrigin: '不允许从此来源连接大屏服务',
    dataFailed: '获取失败',
    noApiBase: 'API_BASE 未设置',
  },
  notice: {
    videoError: (title: string) => `${title} 视频无法播放`,
    videoEnded: (title: string) => `${title} 视频播放结束，三屏已切换为品牌屏`,
  },
} as const;
