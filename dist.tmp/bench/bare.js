// Benchmark reference: boot the same Pyodide, the same way (module worker), and nothing else.
const status = document.getElementById("status");
const worker = new Worker(new URL("./bare-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  performance.mark("gin:python-ready");
  status.textContent = `Python ready (${event.data.version})`;
  document.documentElement.dataset.pythonReady = "1";
};
