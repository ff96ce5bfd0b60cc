import { Engine } from "./engine.js";
performance.mark("gin:main-start");
const engine = new Engine((s) => {
  document.documentElement.dataset.boot = s.stage;
  performance.mark("gin:" + s.stage);
  document.getElementById("prompt").textContent = `${s.stage} ${s.ms} ${s.message || ""}`;
});
window.engine = engine;
