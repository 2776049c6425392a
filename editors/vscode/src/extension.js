// Starts `heatwise server` for YAML documents; everything else (findings,
// hover, quick fixes, fix-all on save with "source.fixAll.heatwise",
// completion) comes from the server.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function settings() {
  const config = vscode.workspace.getConfiguration("heatwise");
  return {
    target: config.get("target"),
    environments: config.get("environments"),
    select: config.get("select"),
    ignore: config.get("ignore"),
  };
}

async function activate(context) {
  const command = vscode.workspace.getConfiguration("heatwise").get("path") || "heatwise";
  const server = { command, args: ["server"] };
  client = new LanguageClient(
    "heatwise",
    "heatwise",
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: "file", language: "yaml" },
        { scheme: "untitled", language: "yaml" },
        { scheme: "file", pattern: "**/*.template" },
      ],
      initializationOptions: settings(),
    },
  );
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("heatwise") && client) {
        client.sendNotification("workspace/didChangeConfiguration", { settings: { heatwise: settings() } });
      }
    }),
  );
  await client.start();
}

async function deactivate() {
  if (client) {
    await client.stop();
  }
}

module.exports = { activate, deactivate };
