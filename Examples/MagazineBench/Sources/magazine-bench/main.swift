import MagazineLayout
import TesseraBenchCommand
import TesseraBenchKit

TesseraBenchCommand.main(layouts: [
    BenchmarkLayout("magazine", summary: "full- and half-width rows under sticky section headers") { sections in
        try MagazineLayout(sections: sections)
    }
])
