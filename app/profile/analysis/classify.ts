// Frame categories live with the model (frames are classified once, when they are interned); analysers and the
// diagnosis import them from here.
export { classifyFrame, packageFromPath, type FrameClass } from '../model/classify.js';
